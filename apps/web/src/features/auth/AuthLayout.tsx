import type { ReactNode } from 'react';
import { Brand } from '../../app/ui/Brand';

const POINTS = [
  'Reviews from Google, Facebook, TripAdvisor and 100+ sources in one inbox',
  'AI-assisted replies that sound like your brand',
  'Reports by location, region and brand in seconds',
];

/** A mock of the product: two review cards and a rating summary, drawn in CSS. */
function ProductIllustration() {
  return (
    <div className="mock" aria-hidden>
      <div className="mock-stat">
        <div style={{ fontSize: 12, opacity: 0.8 }}>Average rating · 30 days</div>
        <div className="big">4.7</div>
        <div className="bars">
          {[86, 9, 3, 1, 1].map((w, i) => (
            <div className="bar" key={i}>
              <i style={{ width: `${w}%` }} />
            </div>
          ))}
        </div>
      </div>
      <div className="mock-card c1">
        <div className="mock-head">
          <span className="mock-avatar" style={{ background: '#c2410c' }}>
            SK
          </span>
          <div>
            <div className="mock-name">Sara K.</div>
            <div className="mock-meta">Google · Downtown Bistro</div>
          </div>
        </div>
        <div className="mock-stars">★★★★★</div>
        <div className="mock-text">“Lovely terrace and the team remembered my order. Best brunch in town!”</div>
        <div className="mock-reply">✓ Replied in 12 min</div>
      </div>
      <div className="mock-card c2">
        <div className="mock-head">
          <span className="mock-avatar" style={{ background: '#0369a1' }}>
            JM
          </span>
          <div>
            <div className="mock-name">James M.</div>
            <div className="mock-meta">TripAdvisor · Marina Walk</div>
          </div>
        </div>
        <div className="mock-stars">★★★★☆</div>
        <div className="mock-text">“Great food, a short wait at lunch time. Will come back.”</div>
      </div>
    </div>
  );
}

/** Two columns: the product panel and the form. Under 992 px only the form, with the brand on top. */
export function AuthLayout({ children, aside }: { children: ReactNode; aside?: ReactNode }) {
  return (
    <div className="auth">
      <section className="auth-panel">
        <Brand />
        <div>
          <h1>Every review. Every location. One place.</h1>
          <p className="lead">
            Reputo helps multi-location brands listen to customers, answer faster and grow their reputation.
          </p>
          <ProductIllustration />
          <ul className="auth-points">
            {POINTS.map((p) => (
              <li key={p}>
                <span className="tick">✓</span>
                {p}
              </li>
            ))}
          </ul>
        </div>
        <div className="auth-foot">Trusted by restaurant groups, hotels and retail chains.</div>
      </section>
      <main className="auth-main">
        <div className="auth-main-head">
          <Brand />
          {aside}
        </div>
        <div className="auth-form-wrap">
          <div className="auth-form">{children}</div>
        </div>
        <div className="auth-legal">© {new Date().getFullYear()} Reputo · Privacy · Terms</div>
      </main>
    </div>
  );
}
