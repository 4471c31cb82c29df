import { Link, Outlet } from '@tanstack/react-router';

/** Header (signed in only) and the narrow centred content column. */
export function AppLayout() {
  return (
    <>
      <header className="app-header">
        <div className="app-header-inner">
          <Link to="/" className="logo">
            <span className="logo-mark" aria-hidden="true" />
            Dolya
          </Link>
        </div>
      </header>
      <main className="content">
        <Outlet />
      </main>
    </>
  );
}
