// Runs before first paint (blocking classic script): applies the stored skin, colour scheme,
// language and direction to <html>, so a dark or Arabic page never flashes light or LTR.
(() => {
  var root = document.documentElement;
  var skins = ['light', 'dark', 'bordered', 'semi-dark'];
  var languages = ['en', 'de', 'fr', 'pt', 'ar'];
  var skin = 'light';
  var language = 'en';
  try {
    var storedSkin = localStorage.getItem('skin');
    if (skins.indexOf(storedSkin) >= 0) skin = storedSkin;
    var storedLanguage = localStorage.getItem('language');
    if (languages.indexOf(storedLanguage) >= 0) language = storedLanguage;
  } catch (e) {
    // Storage blocked: defaults apply.
  }
  root.setAttribute('data-skin', skin);
  root.setAttribute('data-mantine-color-scheme', skin === 'dark' ? 'dark' : 'light');
  root.setAttribute('lang', language);
  root.setAttribute('dir', language === 'ar' ? 'rtl' : 'ltr');
})();
