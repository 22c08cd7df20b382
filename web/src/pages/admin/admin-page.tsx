import { Outlet } from 'react-router-dom';

/** Parent view of /admin: configuration, laboratories and laboratory-add render inside. */
export function AdminPage() {
  return <Outlet />;
}
