import { App, Button, Dropdown, Tag, Tooltip } from 'antd';
import { LoadingOutlined, PlusOutlined } from '@ant-design/icons';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import {
  ticketingApi,
  ticketingKeys,
  type ReviewTicket,
  type TicketConnection,
  type TicketProvider,
} from '../settings/integrationsApi';

/** Zendesk's own ticket statuses (its API's fixed values), which we translate. */
const ZENDESK_STATUSES = new Set(['new', 'open', 'pending', 'hold', 'solved', 'closed']);

/**
 * A ticket's status: Zendesk's fixed ones in the user's language; anything else (Jira's statuses are
 * named by each Jira site, in its own language) as the service wrote it, in its own direction.
 */
function TicketStatus({ provider, status }: { provider: TicketProvider; status: string }) {
  const { t } = useTranslation('reviews');
  if (provider === 'zendesk' && ZENDESK_STATUSES.has(status)) return <> · {t(`tickets.zendeskStatus.${status}`)}</>;
  return (
    <>
      {' · '}
      <span dir="auto">{status}</span>
    </>
  );
}

/** A linked ticket: its id or key and status, opening it in Zendesk or Jira. */
function TicketTag({ t }: { t: ReviewTicket }) {
  const { t: tr } = useTranslation('reviews');
  const name = t.provider === 'zendesk' ? 'Zendesk' : 'Jira';
  if (t.state === 'pending')
    return (
      <Tag icon={<LoadingOutlined />} bordered={false} data-testid={`ticket-${t.provider}`}>
        {tr(`tickets.${t.provider}.queued`)}
      </Tag>
    );
  if (t.state === 'failed')
    return (
      <Tooltip title={t.error}>
        <Tag color="red" bordered={false} data-testid={`ticket-${t.provider}`}>
          {tr(`tickets.${t.provider}.failed`)}
        </Tag>
      </Tooltip>
    );
  return (
    <Tag color="blue" bordered={false} data-testid={`ticket-${t.provider}`}>
      <a href={t.url ?? undefined} target="_blank" rel="noreferrer">
        {name} {t.key ?? `#${t.externalId}`}
        {t.status && <TicketStatus provider={t.provider} status={t.status} />}
      </a>
    </Tag>
  );
}

/**
 * The Zendesk and Jira links of the reviews on screen (one call for the page) and the "Create
 * ticket" action of a card, for the providers that are connected (Jira once a project is chosen).
 */
export function useReviewTickets(reviewIds: number[], enabled: boolean) {
  const { t: tr } = useTranslation('reviews');
  const { message } = App.useApp();
  const queryClient = useQueryClient();
  const state = useQuery({
    queryKey: ticketingKeys.state,
    queryFn: ({ signal }) => ticketingApi.state(signal),
    enabled,
    staleTime: 60_000,
  });
  const links = useQuery({
    queryKey: ticketingKeys.reviews(reviewIds),
    queryFn: ({ signal }) => ticketingApi.ofReviews(reviewIds, signal),
    enabled: enabled && reviewIds.length > 0,
    // A queued ticket is made by a job within seconds: look again until none is waiting.
    refetchInterval: (q) => (q.state.data?.tickets.some((t) => t.state === 'pending') ? 2000 : false),
  });
  const create = useMutation({
    mutationFn: (v: { reviewId: number; provider: TicketProvider }) => ticketingApi.create(v.reviewId, v.provider),
    onSuccess: async (t) => {
      void message.success(tr(`tickets.${t.provider}.queuedNotice`));
      await queryClient.invalidateQueries({ queryKey: ticketingKeys.reviews(reviewIds) });
    },
    onError: (e: Error) => void message.error(e.message),
  });
  const ready: TicketConnection[] = state.data
    ? [state.data.zendesk, state.data.jira].filter(
        (c) => c.status === 'connected' && (c.provider !== 'jira' || (c.projectId && c.issueTypeId)),
      )
    : [];
  const byReview = new Map<number, ReviewTicket[]>();
  for (const t of links.data?.tickets ?? []) byReview.set(t.reviewId, [...(byReview.get(t.reviewId) ?? []), t]);
  return { ready, byReview, create };
}

export function ReviewTickets({
  reviewId,
  tickets,
  ready,
  canCreate,
  onCreate,
  creating,
}: {
  reviewId: number;
  tickets: ReviewTicket[];
  ready: TicketConnection[];
  canCreate: boolean;
  onCreate: (provider: TicketProvider) => void;
  creating: boolean;
}) {
  const { t } = useTranslation('reviews');
  const open = ready.filter((c) => !tickets.some((t) => t.provider === c.provider && t.state !== 'failed'));
  return (
    <>
      {tickets.map((t) => (
        <TicketTag key={t.id} t={t} />
      ))}
      {canCreate && open.length > 0 && (
        <Dropdown
          trigger={['click']}
          menu={{
            items: open.map((c) => ({
              key: c.provider,
              label: t(`tickets.${c.provider}.create`),
            })),
            onClick: ({ key }) => onCreate(key as TicketProvider),
          }}
        >
          <Button
            size="small"
            type="text"
            icon={<PlusOutlined />}
            loading={creating}
            data-testid={`create-ticket-${reviewId}`}
          >
            {t('tickets.button')}
          </Button>
        </Dropdown>
      )}
    </>
  );
}
