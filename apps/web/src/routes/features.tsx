import { createFileRoute, Link } from '@tanstack/react-router';

export const Route = createFileRoute('/features')({ component: Landing });

function Landing() {
  return (
    <main className="content">
      <h1>Dolya</h1>
      <Link to="/login" className="btn btn-primary">
        Login
      </Link>
    </main>
  );
}
