import { useState } from 'react';
import { App, Checkbox, Modal, Radio } from 'antd';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { formatNumber } from '../../i18n/format';
import { RegularHoursEditor, SpecialHoursEditor } from './HoursEditor';
import { listingKeys, listingsApi, type HoursPeriod, type SpecialHours } from './api';

/** Sets the opening hours or the special (holiday) hours of the selected locations in one go. */
export function BulkHoursModal({ locationIds, onClose }: { locationIds: number[]; onClose: () => void }) {
  const { t } = useTranslation('listings');
  const { message } = App.useApp();
  const qc = useQueryClient();
  const [kind, setKind] = useState<'special' | 'regular'>('special');
  const [special, setSpecial] = useState<SpecialHours[]>([{ date: '', closed: true, open: null, close: null }]);
  const [regular, setRegular] = useState<HoursPeriod[]>([]);
  const [merge, setMerge] = useState(true);
  const save = useMutation({
    mutationFn: () =>
      kind === 'special'
        ? listingsApi.edit(locationIds, { specialHours: special }, merge)
        : listingsApi.edit(locationIds, { regularHours: regular }),
    onSuccess: (r) => {
      void qc.invalidateQueries({ queryKey: listingKeys.all });
      void message.success(
        t('bulk.saved', { count: r.updated, n: formatNumber(r.updated), queued: formatNumber(r.queued) }),
      );
      onClose();
    },
    onError: (e) => void message.error(e.message),
  });
  return (
    <Modal
      open
      title={t('bulk.title', { count: locationIds.length, n: formatNumber(locationIds.length) })}
      okText={t('drawer.save')}
      onOk={() => save.mutate()}
      okButtonProps={{ loading: save.isPending, id: 'bulk-save' }}
      onCancel={onClose}
      width={620}
    >
      <Radio.Group value={kind} onChange={(e) => setKind(e.target.value as 'special' | 'regular')} className="ls-block">
        <Radio.Button value="special">{t('fields.specialHours')}</Radio.Button>
        <Radio.Button value="regular">{t('fields.regularHours')}</Radio.Button>
      </Radio.Group>
      {kind === 'special' ? (
        <>
          <SpecialHoursEditor value={special} onChange={setSpecial} />
          <Checkbox checked={merge} onChange={(e) => setMerge(e.target.checked)} className="ls-merge">
            {t('bulk.keepOthers')}
          </Checkbox>
        </>
      ) : (
        <RegularHoursEditor value={regular} onChange={setRegular} />
      )}
    </Modal>
  );
}
