// Runs before first paint (blocking classic script): applies the stored skin, colour scheme,
// language and direction to <html>, so a dark or Arabic page never flashes light or LTR.
(() => {
  const root = document.documentElement;
  const skins = ['light', 'dark', 'bordered', 'semi-dark'];
  const languages = ['en', 'de', 'fr', 'pt', 'ar'];
  let skin = 'light';
  // None chosen yet: the first of the browser's languages the console speaks (storage.ts, readLanguage).
  const wanted = navigator.languages || [navigator.language];
  let language = wanted.map((t) => String(t).toLowerCase().split('-')[0]).find((l) => languages.includes(l)) || 'en';
  try {
    const storedSkin = localStorage.getItem('skin');
    if (skins.includes(storedSkin)) skin = storedSkin;
    const storedLanguage = localStorage.getItem('language');
    if (languages.includes(storedLanguage)) language = storedLanguage;
  } catch {
    // Storage blocked: the defaults apply.
  }
  root.setAttribute('data-skin', skin);
  root.setAttribute('data-mantine-color-scheme', skin === 'dark' ? 'dark' : 'light');
  root.setAttribute('lang', language);
  root.setAttribute('dir', language === 'ar' ? 'rtl' : 'ltr');
})();
