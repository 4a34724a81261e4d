import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { FullPageSpinner } from '../../components/full-page-spinner';
import { logout } from '../../lib/session/session';

/** `/logout`: ends the session on the server, clears stored data, then the sign-in screen. */
export default function LogoutScreen() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  useEffect(() => {
    let active = true;
    void logout().then(() => {
      if (active) navigate('/login', { replace: true });
    });
    return () => {
      active = false;
    };
  }, [navigate]);
  return <FullPageSpinner label={t('logout.busy')} />;
}
