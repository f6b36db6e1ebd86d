import { useTranslation } from 'react-i18next';
import type { ClientConfig } from '../../lib/api';

type Preset = ClientConfig['presetUsers'][number];

const BOLT = '⚡';
// Dark enough for white initials (4.5:1).
const COLORS = ['#4f46e5', '#0369a1', '#c2410c', '#047857', '#be123c', '#6d28d9'];

function initials(name: string): string {
  return name
    .split(/\s+/)
    .filter(Boolean)
    .slice(0, 2)
    .map((p) => p[0]?.toUpperCase())
    .join('');
}

/**
 * Demo mode: hovering (or focusing) lists the preset users; clicking one signs in as that user.
 * A CSS hover card rather than antd's Popover keeps its positioning engine off the sign-in route.
 */
export function PresetUsers({ users, onPick }: { users: Preset[]; onPick: (user: Preset) => void }) {
  const { t } = useTranslation('auth');
  return (
    <div className="preset">
      <button type="button" className="preset-trigger" data-testid="preset-trigger" aria-haspopup="true">
        <span aria-hidden>{BOLT}</span> {t('presets.trigger')}
      </button>
      <div className="preset-card" role="menu" data-testid="preset-users">
        <div className="preset-title">{t('presets.title')}</div>
        <div className="preset-list">
          {users.map((u, i) => (
            <button type="button" role="menuitem" key={u.mail} className="preset-user" onClick={() => onPick(u)}>
              <span className="mock-avatar" style={{ background: COLORS[i % COLORS.length] }}>
                {initials(u.userName)}
              </span>
              <span>
                <div className="who" dir="auto">
                  {u.userName}
                </div>
                <div className="mail" dir="ltr">
                  {u.mail}
                </div>
              </span>
            </button>
          ))}
        </div>
      </div>
    </div>
  );
}
