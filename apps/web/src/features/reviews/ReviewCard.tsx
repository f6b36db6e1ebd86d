import { useState, type ReactNode } from 'react';
import { App, Button, Dropdown, Popconfirm, Select, Space, Tag, Tooltip, Typography } from 'antd';
import TextArea from 'antd/es/input/TextArea';
import {
  DeleteOutlined,
  EditOutlined,
  EnvironmentOutlined,
  ExportOutlined,
  GlobalOutlined,
  RedoOutlined,
  RobotOutlined,
  SendOutlined,
  ShareAltOutlined,
  SnippetsOutlined,
  TagsOutlined,
} from '@ant-design/icons';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { fillTemplate, RESPONSE_LANGUAGES } from '@reputo/core';
import { useTranslation } from 'react-i18next';
import type { TFunction } from 'i18next';
import { dateDay, dateDayTime, isolate, sourceName } from '../reporting/display';
import { reviewsApi, type CaseResolution, type Category, type ReplyDto, type ReviewDto, type Template } from './api';
import { SourceBadge, Stars } from './ui';
import { reviewKeys } from './queryKeys';
import { CategoryTag } from '../../app/ui/CategoryTag';

export interface CardPermissions {
  /** Responder and up: answer and categorize. */
  write: boolean;
  /** Manager, Master Admin, Owner, Partner: also delete feedback. */
  manage: boolean;
  categories: boolean;
  caseResolution: boolean;
  ai: boolean;
  directResponse: boolean;
  /** Sharing makes a public card: not from an embed. */
  share: boolean;
}

const STATUS: Record<string, { color: string; labelKey: string }> = {
  posted: { color: 'green', labelKey: 'reply.status.posted' },
  draft: { color: 'gold', labelKey: 'reply.status.draft' },
  failed: { color: 'red', labelKey: 'reply.status.failed' },
};

function Reply({
  reply,
  review,
  perms,
  onChanged,
}: {
  reply: ReplyDto;
  review: ReviewDto;
  perms: CardPermissions;
  onChanged: (r: ReviewDto) => void;
}) {
  const { t } = useTranslation('reviews');
  const { message } = App.useApp();
  const [editing, setEditing] = useState(false);
  const [text, setText] = useState(reply.text);
  const refresh = (r: ReplyDto | null) =>
    onChanged({
      ...review,
      responses: r
        ? review.responses.map((x) => (x.id === r.id ? r : x))
        : review.responses.filter((x) => x.id !== reply.id),
    });
  const update = useMutation({
    mutationFn: (body: { text?: string; status?: 'draft' | 'posted' }) => reviewsApi.updateReply(reply.id, body),
    onSuccess: (r) => {
      refresh(r);
      setEditing(false);
      if (r.status === 'failed') void message.warning(r.failureReason ?? t('reply.refused'));
    },
    onError: (e) => void message.error(e.message),
  });
  const retry = useMutation({
    mutationFn: () => reviewsApi.retry(reply, review.source),
    onSuccess: (r) => refresh(r),
    onError: (e) => void message.error(e.message),
  });
  const remove = useMutation({
    mutationFn: () => reviewsApi.deleteReply(reply.id),
    onSuccess: () => refresh(null),
    onError: (e) => void message.error(e.message),
  });
  const known = STATUS[reply.status];
  const status = known ? { color: known.color, label: t(known.labelKey) } : { color: 'default', label: reply.status };
  const canRetry =
    reply.status === 'failed' && perms.directResponse && (review.source === 'google' || review.source === 'facebook');
  return (
    <div className={`rv-reply ${reply.status}`} data-testid={`reply-${reply.id}`}>
      <div className="head">
        <span>
          {reply.author?.name ? (
            <b dir="auto">{reply.author.name}</b>
          ) : (
            <b>{reply.origin === 'auto' ? t('reply.autoResponse') : t('reply.team')}</b>
          )}{' '}
          · {dateDayTime(reply.postedAt ?? reply.createdAt)}
          {reply.origin !== 'manual' && (
            <Tag style={{ marginInlineStart: 6 }} bordered={false}>
              {t(`reply.origin.${reply.origin}`, { defaultValue: reply.origin })}
            </Tag>
          )}
        </span>
        <Tag color={status.color} data-testid="reply-status">
          {status.label}
        </Tag>
      </div>
      {reply.status === 'failed' && reply.failureReason && (
        <Typography.Text type="danger" style={{ fontSize: 12 }} dir="auto">
          {reply.failureReason}
        </Typography.Text>
      )}
      {editing ? (
        <div style={{ marginTop: 6 }}>
          <TextArea
            value={text}
            onChange={(e) => setText(e.target.value)}
            autoSize={{ minRows: 2, maxRows: 10 }}
            maxLength={4000}
            dir="auto"
          />
          <Space style={{ marginTop: 6 }}>
            <Button size="small" type="primary" loading={update.isPending} onClick={() => update.mutate({ text })}>
              {t('reply.save')}
            </Button>
            <Button
              size="small"
              onClick={() => {
                setEditing(false);
                setText(reply.text);
              }}
            >
              {t('reply.cancel')}
            </Button>
          </Space>
        </div>
      ) : (
        <div className="body" dir="auto">
          {reply.text}
        </div>
      )}
      {perms.write && !editing && (
        <Space size={4} style={{ marginTop: 6 }} wrap>
          {reply.status === 'draft' && (
            <Button
              size="small"
              type="primary"
              icon={<SendOutlined />}
              loading={update.isPending}
              onClick={() => update.mutate({ status: 'posted' })}
            >
              {t('reply.post')}
            </Button>
          )}
          {canRetry && (
            <Button size="small" icon={<RedoOutlined />} loading={retry.isPending} onClick={() => retry.mutate()}>
              {t('reply.retry')}
            </Button>
          )}
          <Button size="small" type="text" icon={<EditOutlined />} onClick={() => setEditing(true)}>
            {t('reply.edit')}
          </Button>
          <Popconfirm
            title={t('reply.deleteConfirm')}
            okText={t('common:yes')}
            cancelText={t('common:no')}
            onConfirm={() => remove.mutate()}
          >
            <Button size="small" type="text" danger icon={<DeleteOutlined />} loading={remove.isPending}>
              {t('reply.delete')}
            </Button>
          </Popconfirm>
        </Space>
      )}
    </div>
  );
}

const languageName = (t: TFunction, code: string) =>
  t(`languages.${code}`, { defaultValue: RESPONSE_LANGUAGES[code] ?? code.toUpperCase() });

type MenuItems = NonNullable<Parameters<typeof Dropdown>[0]['menu']>['items'];

/**
 * The template menu of a review: templates in the review's language first; when it has none, a
 * line says so above the templates in other languages (each named by its language).
 */
function templateMenu(t: TFunction, templates: Template[], language: string): MenuItems {
  if (templates.length === 0) return [{ key: 'none', label: t('templates.noneForRating'), disabled: true }];
  const mine = templates.filter((x) => x.language === language);
  const others = templates.filter((x) => x.language !== language);
  // dir=auto: an Arabic title keeps its brackets in place.
  const item = (x: Template, tagged: boolean) => ({
    key: String(x.id),
    label: <span dir="auto">{tagged ? `${x.title} (${languageName(t, x.language)})` : x.title}</span>,
  });
  const head = mine.length
    ? [
        {
          type: 'group' as const,
          key: 'mine',
          label: t('templates.inLanguage', { language: languageName(t, language) }),
          children: mine.map((t) => item(t, false)),
        },
      ]
    : [
        {
          key: 'none-in-language',
          label: (
            <span data-testid="no-template-in-language">
              {t('templates.noneInLanguage', { language: languageName(t, language) })}
            </span>
          ),
          disabled: true,
        },
      ];
  const rest = others.length
    ? [
        {
          type: 'group' as const,
          key: 'others',
          label: t('templates.otherLanguages'),
          children: others.map((x) => item(x, true)),
        },
      ]
    : [];
  return [...head, ...rest];
}

function Composer({
  review,
  perms,
  onChanged,
}: {
  review: ReviewDto;
  perms: CardPermissions;
  onChanged: (r: ReviewDto) => void;
}) {
  const { t } = useTranslation('reviews');
  const { message } = App.useApp();
  const [text, setText] = useState('');
  const [origin, setOrigin] = useState<'manual' | 'template' | 'ai'>('manual');
  const templates = useQuery({
    queryKey: reviewKeys.templatesFor(review.rating),
    queryFn: () => reviewsApi.templates(review.rating),
    staleTime: 60_000,
  });
  const send = useMutation({
    mutationFn: (status: 'draft' | 'posted') => reviewsApi.reply({ reviewId: review.id, text, status, origin }),
    onSuccess: (r) => {
      onChanged({
        ...review,
        responses: [...review.responses, r],
        respondedAt: review.respondedAt ?? (r.status === 'posted' ? r.postedAt : null),
      });
      setText('');
      setOrigin('manual');
      if (r.status === 'failed')
        void message.warning(t('composer.notPosted', { reason: r.failureReason ?? t('composer.refused') }));
      else void message.success(r.status === 'draft' ? t('composer.draftSaved') : t('composer.posted'));
    },
    onError: (e) => void message.error(e.message),
  });
  const generate = useMutation({
    mutationFn: () => reviewsApi.generate(review.id),
    onSuccess: (r) => {
      setText(r.text);
      setOrigin('ai');
      if (r.notice) void message.info(r.notice);
    },
    onError: (e) => void message.error(e.message),
  });
  // Replies follow the review's language (Settings › Response), so its templates come first.
  const templateItems = templateMenu(t, templates.data?.templates ?? [], review.language ?? 'en');
  const useTemplate = (id: string) => {
    const chosen = templates.data?.templates.find((x) => String(x.id) === id);
    if (!chosen) return;
    setText(
      fillTemplate(chosen.text, {
        reviewer_name: review.name,
        location: review.location?.title,
        brand: review.location?.brandTitle,
        rating: review.rating,
      }),
    );
    setOrigin('template');
  };
  return (
    <div className="rv-compose">
      <TextArea
        placeholder={t('composer.placeholder', { name: isolate(review.name) })}
        value={text}
        onChange={(e) => {
          setText(e.target.value);
          if (!e.target.value) setOrigin('manual');
        }}
        autoSize={{ minRows: 2, maxRows: 10 }}
        maxLength={4000}
        data-testid="reply-input"
        dir={text ? 'auto' : undefined}
      />
      <div style={{ display: 'flex', justifyContent: 'space-between', gap: 8, marginTop: 8, flexWrap: 'wrap' }}>
        <Space size={4} wrap>
          <Dropdown menu={{ items: templateItems, onClick: ({ key }) => useTemplate(key) }} trigger={['click']}>
            <Button size="small" icon={<SnippetsOutlined />} data-testid="template-button">
              {t('composer.template')}
            </Button>
          </Dropdown>
          {perms.ai && (
            <Button
              size="small"
              icon={<RobotOutlined />}
              loading={generate.isPending}
              onClick={() => generate.mutate()}
              data-testid="ai-button"
            >
              {t('composer.ai')}
            </Button>
          )}
        </Space>
        <Space size={4}>
          <Button
            size="small"
            disabled={!text.trim()}
            loading={send.isPending && send.variables === 'draft'}
            onClick={() => send.mutate('draft')}
          >
            {t('composer.saveDraft')}
          </Button>
          <Button
            size="small"
            type="primary"
            icon={<SendOutlined />}
            disabled={!text.trim()}
            loading={send.isPending && send.variables === 'posted'}
            onClick={() => send.mutate('posted')}
            data-testid="post-reply"
          >
            {perms.directResponse && (review.source === 'google' || review.source === 'facebook')
              ? t('composer.postTo', { source: review.sourceTitle })
              : t('composer.postReply')}
          </Button>
        </Space>
      </div>
    </div>
  );
}

export function ReviewCard({
  review,
  perms,
  categories,
  cases,
  onChanged,
  onDeleted,
  extra,
}: {
  review: ReviewDto;
  perms: CardPermissions;
  categories: Category[];
  cases: CaseResolution[];
  onChanged: (r: ReviewDto) => void;
  onDeleted: (id: number) => void;
  /** More actions of the card (the Zendesk and Jira links and "Create ticket"). */
  extra?: ReactNode;
}) {
  const { t } = useTranslation('reviews');
  const { message, modal } = App.useApp();
  const queryClient = useQueryClient();
  const [replying, setReplying] = useState(false);
  const [translation, setTranslation] = useState<string | null>(null);
  const catById = new Map(categories.map((c) => [c.id, c]));
  const assign = useMutation({
    mutationFn: (body: { case_resolution?: number | null; review_categories?: number[] }) =>
      reviewsApi.assign(review.id, body),
    onSuccess: (r) => {
      onChanged(r);
      void queryClient.invalidateQueries({ queryKey: reviewKeys.summary });
    },
    onError: (e) => void message.error(e.message),
  });
  const suggest = useMutation({
    mutationFn: () => reviewsApi.suggest(review.id),
    onError: (e) => void message.error(e.message),
  });
  const remove = useMutation({
    mutationFn: () => reviewsApi.remove(review.id),
    onSuccess: () => {
      onDeleted(review.id);
      void message.success(t('card.feedbackDeleted'));
    },
    onError: (e) => void message.error(e.message),
  });
  const translate = useMutation({
    mutationFn: () => reviewsApi.translate(review.id),
    onSuccess: (answer) => setTranslation(answer.text),
    onError: (e) => void message.warning(e.message),
  });
  const share = useMutation({
    mutationFn: (source: string) => reviewsApi.share(review.id, source),
    onSuccess: (s) => {
      void navigator.clipboard?.writeText(s.url).catch(() => undefined);
      modal.info({
        title: t('share.title'),
        width: 560,
        content: (
          <div>
            <p>{t('share.public')}</p>
            <p>
              <a href={s.url} target="_blank" rel="noreferrer" data-testid="share-link">
                {s.url}
              </a>
            </p>
            <img
              src={s.imageUrl.replace(/^https?:\/\/[^/]+/, '')}
              alt={t('share.imageAlt')}
              style={{ width: '100%', borderRadius: 8, border: '1px solid #eee' }}
            />
          </div>
        ),
      });
    },
    onError: (e) => void message.error(e.message),
  });
  const shareItems = ['facebook', 'instagram', 'twitter', 'linkedin', 'download'].map((s) => ({
    key: s,
    label: s === 'download' ? t('share.download') : s[0]!.toUpperCase() + s.slice(1),
  }));
  const hasPosted = review.responses.some((r) => r.status === 'posted');

  return (
    <article className="rv-card" data-testid={`review-${review.id}`}>
      <div className="rv-head">
        <SourceBadge source={review.source} title={sourceName(t, review.source, review.sourceTitle)} />
        <div className="rv-who">
          <div className="rv-name" dir="auto">
            {review.name}
          </div>
          <div className="rv-meta">
            <Stars rating={review.rating} />
            <span>{dateDay(review.date)}</span>
            <span>{sourceName(t, review.source, review.sourceTitle)}</span>
            {review.location && (
              <span>
                <EnvironmentOutlined />{' '}
                <bdi dir="auto">
                  {review.location.title}
                  {review.location.locationId ? ` · ${review.location.locationId}` : ''}
                </bdi>
              </span>
            )}
          </div>
        </div>
        <div className="rv-actions">
          {hasPosted ? (
            <Tag color="green" bordered={false}>
              {t('card.answered')}
            </Tag>
          ) : (
            <Tag bordered={false}>{t('card.unanswered')}</Tag>
          )}
          {review.removedAt && (
            <Tooltip title={t('card.removedHint', { date: dateDay(review.removedAt) })}>
              <Tag color="orange" bordered={false} data-testid="removed-tag">
                {t('card.removed')}
              </Tag>
            </Tooltip>
          )}
          {extra}
          {review.text && (
            <Tooltip title={t('card.translate')}>
              <Button
                size="small"
                type="text"
                icon={<GlobalOutlined />}
                loading={translate.isPending}
                onClick={() => translate.mutate()}
                aria-label={t('card.translate')}
              />
            </Tooltip>
          )}
          {perms.share && (
            <Dropdown menu={{ items: shareItems, onClick: ({ key }) => share.mutate(key) }} trigger={['click']}>
              <Button
                size="small"
                type="text"
                icon={<ShareAltOutlined />}
                loading={share.isPending}
                aria-label={t('card.share')}
                data-testid="share-button"
              />
            </Dropdown>
          )}
          {review.url && (
            <Tooltip title={t('card.openOn', { source: review.sourceTitle })}>
              <Button
                size="small"
                type="text"
                icon={<ExportOutlined />}
                href={review.url}
                target="_blank"
                aria-label={t('card.openOnSource')}
              />
            </Tooltip>
          )}
          {review.isFeedback && perms.manage && (
            <Popconfirm
              title={t('card.deleteFeedback')}
              description={t('card.deleteFeedbackText')}
              okText={t('common:yes')}
              cancelText={t('common:no')}
              onConfirm={() => remove.mutate()}
            >
              <Button
                size="small"
                type="text"
                danger
                icon={<DeleteOutlined />}
                loading={remove.isPending}
                aria-label={t('card.deleteFeedbackAria')}
                data-testid="delete-review"
              />
            </Popconfirm>
          )}
        </div>
      </div>
      {/* The box keeps the page's direction (its indent is logical); the text inside takes its own. */}
      <div className={`rv-text${review.text || review.title ? '' : ' empty'}`}>
        <div dir="auto" data-testid="review-text">
          {review.title && <span className="rv-title">{review.title}</span>}
          {review.text?.trim() ? review.text : review.title ? null : t('card.ratingOnly')}
        </div>
      </div>
      {translation !== null && (
        <div className="rv-translation">
          <GlobalOutlined /> <span dir="auto">{translation || t('card.nothingToTranslate')}</span>
        </div>
      )}
      <div className="rv-tags">
        {perms.categories &&
          (perms.write ? (
            <Select
              mode="multiple"
              size="small"
              variant="borderless"
              placeholder={
                <span>
                  <TagsOutlined /> {t('card.categorize')}
                </span>
              }
              aria-label={t('card.categories')}
              value={review.review_categories}
              onChange={(ids: number[]) => assign.mutate({ review_categories: ids })}
              options={categories.map((c) => ({ value: c.id, label: c.title }))}
              style={{ minWidth: 160, maxWidth: 420 }}
              maxTagCount="responsive"
              tagRender={({ value, closable, onClose }) => {
                const c = catById.get(value as number);
                return (
                  <CategoryTag color={c?.color} closable={closable} onClose={onClose} style={{ marginInlineEnd: 4 }}>
                    {c?.title ?? value}
                  </CategoryTag>
                );
              }}
              onOpenChange={(open) => {
                if (open && !suggest.data) suggest.mutate();
              }}
              popupRender={(menu) => (
                <>
                  {suggest.data && suggest.data.suggestions.length > 0 && (
                    <div style={{ padding: '6px 10px', fontSize: 12, color: '#64748b' }}>
                      {t('card.suggested')}{' '}
                      {suggest.data.suggestions.map((s) => (
                        <Tag
                          key={s.id}
                          color={s.sentiment === -1 ? 'red' : s.sentiment === 1 ? 'green' : 'default'}
                          style={{ cursor: 'pointer' }}
                          onClick={() =>
                            !review.review_categories.includes(s.id) &&
                            assign.mutate({ review_categories: [...review.review_categories, s.id] })
                          }
                        >
                          + {s.title}
                        </Tag>
                      ))}
                    </div>
                  )}
                  {menu}
                </>
              )}
              data-testid="categories-select"
            />
          ) : (
            review.review_categories.map((id) => (
              <CategoryTag key={id} color={catById.get(id)?.color}>
                {catById.get(id)?.title}
              </CategoryTag>
            ))
          ))}
        {perms.caseResolution && (
          <Select
            size="small"
            allowClear
            placeholder={t('card.caseStatus')}
            aria-label={t('card.caseStatus')}
            value={review.caseResolution ?? undefined}
            disabled={!perms.write}
            onChange={(v: number | undefined) => assign.mutate({ case_resolution: v ?? null })}
            options={cases.map((c) => ({
              value: c.id,
              label: (
                <span>
                  <span
                    style={{
                      display: 'inline-block',
                      width: 8,
                      height: 8,
                      borderRadius: 4,
                      background: c.color,
                      marginInlineEnd: 6,
                    }}
                  />
                  {c.title}
                </span>
              ),
            }))}
            style={{ minWidth: 140 }}
            data-testid="case-select"
          />
        )}
      </div>
      {review.responses.length > 0 && (
        <div className="rv-thread">
          {review.responses.map((r) => (
            <Reply key={r.id} reply={r} review={review} perms={perms} onChanged={onChanged} />
          ))}
        </div>
      )}
      {perms.write &&
        (replying ? (
          <Composer
            review={review}
            perms={perms}
            onChanged={(r) => {
              onChanged(r);
              setReplying(false);
            }}
          />
        ) : (
          <div className="rv-compose">
            <Button size="small" icon={<SendOutlined />} onClick={() => setReplying(true)} data-testid="reply-button">
              {hasPosted ? t('card.replyAgain') : t('card.reply')}
            </Button>
          </div>
        ))}
    </article>
  );
}
