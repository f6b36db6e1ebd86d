import { useCallback, useEffect, useState, type MutableRefObject, type ReactNode } from 'react';
import { useLocation } from 'react-router';
import { App, Button, Input, Popconfirm, Space, Tooltip } from 'antd';
import { CopyOutlined, EyeInvisibleOutlined, EyeOutlined, SyncOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { MSG } from '@reputo/core';
import { copyText } from '../../lib/clipboard';
import { setLeaveGuard } from '../../lib/navigation';
import { translateMessage } from '../../i18n/messages';
import { formatNumber } from '../../i18n/format';

/**
 * An API key: masked until shown, copied with the spec's messages ('The API key has been copied to
 * the clipboard.' / 'No API to copy.'), and rotated after a confirmation.
 */
export function ApiKeyField({
  value,
  onRotate,
  rotating,
  testId = 'api-key',
}: {
  value: string | null;
  onRotate?: () => void;
  rotating?: boolean;
  testId?: string;
}) {
  const { t } = useTranslation('admin');
  const { message } = App.useApp();
  const [shown, setShown] = useState(false);
  const copy = async () => {
    if (!value) {
      void message.warning(translateMessage(MSG.noApiKeyToCopy));
      return;
    }
    await copyText(value);
    void message.success(translateMessage(MSG.apiKeyCopied));
  };
  return (
    <div className="api-key">
      <Space.Compact style={{ inlineSize: '100%' }}>
        <Input
          readOnly
          value={value ? (shown ? value : `${'•'.repeat(24)}${value.slice(-6)}`) : ''}
          placeholder={t('apiKey.none')}
          // A key reads left to right in every language (its masked start, then its last characters).
          style={value ? { direction: 'ltr' } : undefined}
          data-testid={testId}
          className="mono"
        />
        <Tooltip title={shown ? t('apiKey.hide') : t('apiKey.show')}>
          <Button
            icon={shown ? <EyeInvisibleOutlined /> : <EyeOutlined />}
            onClick={() => setShown((s) => !s)}
            disabled={!value}
            aria-label={shown ? t('apiKey.hideKey') : t('apiKey.showKey')}
            data-testid={`${testId}-show`}
          />
        </Tooltip>
        <Button icon={<CopyOutlined />} onClick={() => void copy()} data-testid={`${testId}-copy`}>
          {t('apiKey.copy')}
        </Button>
      </Space.Compact>
      {onRotate && (
        <Popconfirm
          title={t('apiKey.rotateTitle')}
          description={t('apiKey.rotateText')}
          okText={t('common:yes')}
          cancelText={t('common:no')}
          onConfirm={onRotate}
        >
          <Button
            icon={<SyncOutlined />}
            loading={rotating}
            style={{ marginBlockStart: 12 }}
            data-testid={`${testId}-rotate`}
          >
            {value ? t('apiKey.rotate') : t('apiKey.generate')}
          </Button>
        </Popconfirm>
      )}
    </div>
  );
}

/** A figure tile of the dashboards. */
export function Kpi({
  label,
  value,
  hint,
  tone,
  testId,
}: {
  label: string;
  value: ReactNode;
  hint?: ReactNode;
  tone?: 'good' | 'bad' | 'warn';
  testId?: string;
}) {
  return (
    <div className={`kpi${tone ? ` kpi-${tone}` : ''}`} data-testid={testId}>
      <div className="kpi-label">{label}</div>
      <div className="kpi-value">{value}</div>
      {hint && <div className="kpi-hint">{hint}</div>}
    </div>
  );
}

export function SourceLogo({ logo, title, size = 20 }: { logo: string; title: string; size?: number }) {
  // dir="auto": its title is a service's name, not a text of ours.
  return (
    <img src={logo} alt="" title={title} dir="auto" width={size} height={size} className="source-logo" loading="lazy" />
  );
}

/** The buttons under a wizard step: Back (in reverse order) and the step's save-and-continue. */
export function WizardFoot({
  onBack,
  onNext,
  nextLabel,
  loading,
  extra,
}: {
  onBack: (() => void) | null;
  onNext: () => void;
  nextLabel?: string;
  loading?: boolean;
  extra?: ReactNode;
}) {
  const { t } = useTranslation('admin');
  return (
    <div className="wizard-foot">
      {onBack ? (
        <Button onClick={onBack} data-testid="wizard-back">
          {t('wizard.back')}
        </Button>
      ) : (
        <span />
      )}
      <div className="right">
        {extra}
        <Button type="primary" onClick={onNext} loading={loading} data-testid="wizard-next">
          {nextLabel ?? t('wizard.saveAndContinue')}
        </Button>
      </div>
    </div>
  );
}

export function StepHead({ title, description }: { title: string; description?: ReactNode }) {
  return (
    <div className="step-head">
      <h2>{title}</h2>
      {description && <p>{description}</p>}
    </div>
  );
}

/** The spec's exit question: Yes runs `onYes`; No, or closing the dialog, runs `onNo`. */
function useExitQuestion(): (onYes: () => void, onNo?: () => void) => void {
  const { t } = useTranslation('admin');
  const { modal } = App.useApp();
  return useCallback(
    (onYes, onNo) =>
      void modal.confirm({
        title: translateMessage(MSG.confirmExitWizard),
        okText: t('common:yes'),
        cancelText: t('common:no'),
        onOk: onYes,
        onCancel: onNo,
      }),
    [modal, t],
  );
}

/** A wizard's Exit button: asks the exit question whether or not the step has changes, then leaves. */
export function useWizardExit(dirty: MutableRefObject<boolean>, leave: () => void): () => void {
  const askExit = useExitQuestion();
  return () =>
    askExit(() => {
      dirty.current = false;
      leave();
    });
}

/**
 * Leaving a wizard with unsaved changes (the sidebar, the browser's back button) asks the spec's
 * exit question once; `dirty` is a ref so a save that navigates right away is not asked about.
 */
export function useLeaveGuard(dirty: MutableRefObject<boolean>): void {
  const askExit = useExitQuestion();
  const { pathname } = useLocation();
  useEffect(() => {
    let asking = false;
    return setLeaveGuard({
      blocks: (nextPathname) => dirty.current && nextPathname !== pathname,
      ask: (proceed) => {
        if (asking) return;
        asking = true;
        askExit(
          () => {
            asking = false;
            dirty.current = false;
            proceed();
          },
          () => {
            asking = false;
          },
        );
      },
    });
  }, [askExit, dirty, pathname]);
}

/** On a phone the step list becomes one line: where you are and how far along. */
export function WizardProgress({ index, count, label }: { index: number; count: number; label: string }) {
  const { t } = useTranslation('admin');
  return (
    <div className="wizard-progress" data-testid="wizard-progress">
      <span className="muted small">
        {t('wizard.progress', { index: formatNumber(index + 1), count: formatNumber(count) })}
      </span>
      <strong>{label}</strong>
      <div className="track">
        <i style={{ inlineSize: `${((index + 1) / count) * 100}%` }} />
      </div>
    </div>
  );
}
