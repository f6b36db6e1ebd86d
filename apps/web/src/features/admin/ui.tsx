import { useEffect, useRef, useState, type MutableRefObject, type ReactNode } from 'react';
import { useBlocker } from 'react-router';
import { App, Button, Input, Popconfirm, Space, Tooltip } from 'antd';
import { CopyOutlined, EyeInvisibleOutlined, EyeOutlined, SyncOutlined } from '@ant-design/icons';
import { MSG } from '@reputo/core';
import { copyText } from '../../lib/clipboard';

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
  const { message } = App.useApp();
  const [shown, setShown] = useState(false);
  const copy = async () => {
    if (!value) {
      void message.warning(MSG.noApiKeyToCopy);
      return;
    }
    await copyText(value);
    void message.success(MSG.apiKeyCopied);
  };
  return (
    <div className="api-key">
      <Space.Compact style={{ width: '100%' }}>
        <Input
          readOnly
          value={value ? (shown ? value : `${'•'.repeat(24)}${value.slice(-6)}`) : ''}
          placeholder="No API key yet"
          data-testid={testId}
          className="mono"
        />
        <Tooltip title={shown ? 'Hide' : 'Show'}>
          <Button
            icon={shown ? <EyeInvisibleOutlined /> : <EyeOutlined />}
            onClick={() => setShown((s) => !s)}
            disabled={!value}
            aria-label={shown ? 'Hide key' : 'Show key'}
            data-testid={`${testId}-show`}
          />
        </Tooltip>
        <Button icon={<CopyOutlined />} onClick={() => void copy()} data-testid={`${testId}-copy`}>
          Copy
        </Button>
      </Space.Compact>
      {onRotate && (
        <Popconfirm
          title="Issue a new key?"
          description="The current key stops working at once."
          okText="Yes"
          cancelText="No"
          onConfirm={onRotate}
        >
          <Button icon={<SyncOutlined />} loading={rotating} style={{ marginTop: 12 }} data-testid={`${testId}-rotate`}>
            {value ? 'Generate a new key' : 'Generate key'}
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
  return <img src={logo} alt="" title={title} width={size} height={size} className="source-logo" loading="lazy" />;
}

/** The buttons under a wizard step: Back (in reverse order) and the step's save-and-continue. */
export function WizardFoot({
  onBack,
  onNext,
  nextLabel = 'Save and continue',
  loading,
  extra,
}: {
  onBack: (() => void) | null;
  onNext: () => void;
  nextLabel?: string;
  loading?: boolean;
  extra?: ReactNode;
}) {
  return (
    <div className="wizard-foot">
      {onBack ? (
        <Button onClick={onBack} data-testid="wizard-back">
          Back
        </Button>
      ) : (
        <span />
      )}
      <div className="right">
        {extra}
        <Button type="primary" onClick={onNext} loading={loading} data-testid="wizard-next">
          {nextLabel}
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

/**
 * Leaving a wizard with unsaved changes (the sidebar, the browser's back button) asks the spec's
 * exit question once; `dirty` is a ref so a save that navigates right away is not asked about.
 */
export function useLeaveGuard(dirty: MutableRefObject<boolean>): void {
  const { modal } = App.useApp();
  const asking = useRef(false);
  const blocker = useBlocker(
    ({ currentLocation, nextLocation }) => dirty.current && currentLocation.pathname !== nextLocation.pathname,
  );
  useEffect(() => {
    if (blocker.state !== 'blocked' || asking.current) return;
    asking.current = true;
    modal.confirm({
      title: MSG.confirmExitWizard,
      okText: 'Yes',
      cancelText: 'No',
      onOk: () => {
        asking.current = false;
        dirty.current = false;
        blocker.proceed();
      },
      onCancel: () => {
        asking.current = false;
        blocker.reset();
      },
    });
  }, [blocker, modal, dirty]);
}

/** On a phone the step list becomes one line: where you are and how far along. */
export function WizardProgress({ index, count, label }: { index: number; count: number; label: string }) {
  return (
    <div className="wizard-progress" data-testid="wizard-progress">
      <span className="muted small">
        Step {index + 1} of {count}
      </span>
      <strong>{label}</strong>
      <div className="track">
        <i style={{ width: `${((index + 1) / count) * 100}%` }} />
      </div>
    </div>
  );
}
