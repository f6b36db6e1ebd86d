import { Breadcrumb } from 'antd';
import { actingTrail, actorRoleOf, ROLE_LABELS, showsBreadcrumb, type ActingState } from '@reputo/core';
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
  const trail = actingTrail(acting);
  const subject = { role: me.role, features: me.features, acting };

  if (trail.length === 0 || !showsBreadcrumb(subject)) {
    return (
      <div className="header-context" data-testid="context">
        <span className="company">{ownContext(me)}</span>
        <span className="role">{ROLE_LABELS[me.role]}</span>
      </div>
    );
  }

  const actor = ROLE_LABELS[actorRoleOf(acting, me.role)];
  const items = [
    { key: 'root', title: actor, index: 0 },
    ...trail.map((t, i) => ({ key: t.key, title: t.record.userName, index: i + 1 })),
  ].map((c, i, all) => {
    const last = i === all.length - 1;
    return {
      key: c.key,
      title: last ? (
        <span className="crumb-current">{c.title}</span>
      ) : (
        <a className="crumb-link" onClick={() => leave(c.index)} data-testid={`crumb-${c.key}`}>
          {c.title}
        </a>
      ),
    };
  });
  return (
    <div className="header-context" data-testid="context">
      <Breadcrumb items={items} />
      <span className="role">
        Acting as {trail[trail.length - 1]?.record.userName} · {ROLE_LABELS[me.role]} view
      </span>
    </div>
  );
}
