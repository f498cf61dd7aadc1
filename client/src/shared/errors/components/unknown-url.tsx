import { useEffect, useRef } from 'react';
import { useLocation, useNavigate } from 'react-router';
import { useRouteLink } from '../../../lib/use-route-link';

/** Any URL the route table does not know: logged as the spec says, then the 404 screen. */
export function UnknownUrl() {
  const navigate = useNavigate();
  const link = useRouteLink();
  const { pathname } = useLocation();
  const logged = useRef<string | null>(null);
  useEffect(() => {
    if (logged.current === pathname) return;
    logged.current = pathname;
    console.error('Error: 404');
    void navigate(link('error404'), { replace: true });
  }, [pathname, navigate, link]);
  return null;
}
