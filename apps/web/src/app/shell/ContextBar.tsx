import { Breadcrumb } from 'antd';
import { useTranslation } from 'react-i18next';
import { actingTrail, actorRoleOf, showsBreadcrumb, type ActingState } from '@reputo/core';
import { roleName } from '../labels';
import type { Me } from '../../features/auth/api';
import { useActing } from '../../features/auth/queries';

function ownContext(me: Me): string {
  return me.companyName ?? me.partnerName ?? 'Reputo';
}

/**
 * Without an acting context: the company name and role. Acting: a breadcrumb from the signed-in
 * user's role through each context; clicking a crumb leaves the contexts after it (spec 000 section 4).
 */
export function ContextBar({ me, acting }: { me: Me; acting: ActingState }) {
  const { leave } = useActing();
  const { t } = useTranslation('app');
  const trail = actingTrail(acting);
  const subject = { role: me.role, features: me.features, acting };

  if (trail.length === 0 || !showsBreadcrumb(subject)) {
    return (
      <div className="header-context" data-testid="context">
        <span className="company">
          <bdi dir="auto">{ownContext(me)}</bdi>
        </span>
        <span className="role">{roleName(t, me.role)}</span>
      </div>
    );
  }

  const actor = roleName(t, actorRoleOf(acting, me.role));
  const items = [
    { key: 'root', title: actor, index: 0 },
    ...trail.map((c, i) => ({ key: c.key, title: c.record.userName, index: i + 1 })),
  ].map((c, i, all) => {
    const last = i === all.length - 1;
    return {
      key: c.key,
      title: last ? (
        <span className="crumb-current" dir={c.index > 0 ? 'auto' : undefined}>
          {c.title}
        </span>
      ) : (
        <a
          className="crumb-link"
          onClick={() => leave(c.index)}
          data-testid={`crumb-${c.key}`}
          dir={c.index > 0 ? 'auto' : undefined}
        >
          {c.title}
        </a>
      ),
    };
  });
  return (
    <div className="header-context" data-testid="context">
      <Breadcrumb items={items} />
      <span className="role">
        {t('context.actingAs', { name: trail[trail.length - 1]?.record.userName ?? '', role: roleName(t, me.role) })}
      </span>
    </div>
  );
}
