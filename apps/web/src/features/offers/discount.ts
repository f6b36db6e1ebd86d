import { formatNumber } from '../../i18n/format';
import { i18n } from '../../i18n/i18n';
import type { Offer } from './api';

/**
 * An offer's discount ("15% off", "Free dessert") in the interface language, from its type and
 * value: the API's `discount_label` is English. The words are in `common`, which every page has
 * loaded, as the feedback pages show offers too.
 */
export function discountText(o: Pick<Offer, 'discount_type' | 'discount_value' | 'free_item'>): string {
  const v = o.discount_value ?? 0;
  const value = formatNumber(v, Number.isInteger(v) ? {} : { minimumFractionDigits: 2, maximumFractionDigits: 2 });
  if (o.discount_type === 'percent') return i18n.t('common:discount.percent', { value });
  if (o.discount_type === 'amount') return i18n.t('common:discount.amount', { value });
  return o.free_item
    ? i18n.t('common:discount.freeItem', { item: o.free_item })
    : i18n.t('common:discount.freeAnyItem');
}
