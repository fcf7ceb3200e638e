import { ApiStatus } from './api-status.tsx';

/** The placeholder home page shown until the operator application lands. */
export function App() {
  return (
    <main className="page">
      <section className="card" aria-labelledby="app-title">
        <header className="card__header">
          <svg className="card__logo" viewBox="0 0 64 64" aria-hidden="true">
            <rect width="64" height="64" rx="14" fill="currentColor" />
            <path d="M10 44 L24 20 L32 32 L40 24 L54 44 Z" fill="#8da9c4" />
            <path d="M8 48 Q20 42 32 48 T56 48" fill="none" stroke="#eef4fb" strokeWidth="4" strokeLinecap="round" />
          </svg>
          <h1 id="app-title">Vigil</h1>
        </header>
        <p className="card__lead">
          Vigil watches the sensor networks on dams, embankments and tailings storage facilities, turning their readings
          into safety states, events and notifications.
        </p>
        <p>The operator application is being built; the API is live.</p>
        <ApiStatus />
        <nav className="card__links" aria-label="Server">
          <a className="button button--primary" href="/api/docs">
            API documentation
          </a>
          <a className="button" href="/healthz">
            Health check
          </a>
        </nav>
      </section>
    </main>
  );
}
