import { Card, Skeleton, Tabs } from 'antd';
import { useSearchParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import { PageHeader } from '../../app/ui/PageHeader';
import { lazyPart } from '../../lib/lazyPart';
import { useMe } from '../auth/queries';
import './settings.css';

// Each tab is fetched when it is first shown (its own folder, response/): the page opens on one.
const LOADING = <Skeleton active />;
const TemplatesTab = lazyPart(() => import('./response/TemplatesTab').then((m) => m.TemplatesTab), LOADING);
const AutoresponseTab = lazyPart(() => import('./response/AutoresponseTab').then((m) => m.AutoresponseTab), LOADING);
const TranslationTab = lazyPart(() => import('./response/TranslationTab').then((m) => m.TranslationTab), LOADING);
const ResponseRateTab = lazyPart(() => import('./response/ResponseRateTab').then((m) => m.ResponseRateTab), LOADING);
const RegionsTab = lazyPart(() => import('./response/RegionsTab').then((m) => m.RegionsTab), LOADING);

/**
 * Response settings: reply templates, auto-response, translation, the response-rate target, and
 * (tab Other, the default with Review Categorization) each region's reply language.
 */
export default function ResponsePage() {
  const { t } = useTranslation('settings');
  const me = useMe().data;
  const [params, setParams] = useSearchParams();
  const features = me?.features ?? [];
  const owner = me?.role === 'owner';
  const fallback = features.includes('reviewCategorization') ? 'other' : 'templates';
  const tab = params.get('tab') ?? fallback;
  const items = [
    { key: 'templates', label: t('response.tabs.templates'), children: <TemplatesTab /> },
    ...(owner || features.includes('autoresponse')
      ? [{ key: 'autoresponse', label: t('response.tabs.autoresponse'), children: <AutoresponseTab /> }]
      : []),
    { key: 'translation', label: t('response.tabs.translation'), children: <TranslationTab /> },
    { key: 'rate', label: t('response.tabs.rate'), children: <ResponseRateTab /> },
    { key: 'other', label: t('response.tabs.other'), children: <RegionsTab /> },
  ];
  return (
    <>
      <PageHeader title={t('response.title')} description={t('response.description')} />
      <Card>
        <Tabs
          activeKey={tab}
          onChange={(k) => setParams(k === fallback ? {} : { tab: k }, { replace: true })}
          items={items}
          destroyOnHidden
        />
      </Card>
    </>
  );
}
