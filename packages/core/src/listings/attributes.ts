/**
 * Business attributes of a listing, Google Business Profile's style: an id as Google names it
 * (`attributes/<id>` on the wire), a label, a value type and the group of categories it applies to.
 * Shipped with the project and shared by the API (validation, pushing to Google) and the web app
 * (the drawer's Attributes part). An attribute a listing leaves unset is not managed by us: the
 * directory keeps what it shows.
 */

/** BOOL: yes or no; ENUM: one of `options`; REPEATED_ENUM: any of `options`. */
export type AttributeValueType = 'BOOL' | 'ENUM' | 'REPEATED_ENUM';
/** `all` categories, or only food and drink places (restaurants, cafes, bars, bakeries...). */
export type AttributeScope = 'all' | 'food';

export interface AttributeOption {
  value: string;
  label: string;
}

export interface ListingAttribute {
  id: string;
  label: string;
  group: string;
  valueType: AttributeValueType;
  options?: readonly AttributeOption[];
  appliesTo: AttributeScope;
}

export type AttributeValue = boolean | string | string[];
export type ListingAttributes = Record<string, AttributeValue>;

const bool = (id: string, label: string, group: string, appliesTo: AttributeScope = 'all'): ListingAttribute => ({
  id,
  label,
  group,
  valueType: 'BOOL',
  appliesTo,
});

export const ATTRIBUTE_GROUPS = [
  'Accessibility',
  'Service options',
  'Amenities',
  'Payments',
  'Dining options',
  'Offerings',
  'Planning',
  'From the business',
] as const;

export const LISTING_ATTRIBUTES: readonly ListingAttribute[] = [
  bool('has_wheelchair_accessible_entrance', 'Wheelchair-accessible entrance', 'Accessibility'),
  bool('has_wheelchair_accessible_restroom', 'Wheelchair-accessible restroom', 'Accessibility'),
  bool('has_wheelchair_accessible_seating', 'Wheelchair-accessible seating', 'Accessibility'),
  bool('has_wheelchair_accessible_parking', 'Wheelchair-accessible car park', 'Accessibility'),
  bool('has_wheelchair_accessible_elevator', 'Wheelchair-accessible lift', 'Accessibility'),
  bool('has_assistive_hearing_loop', 'Assistive hearing loop', 'Accessibility'),
  bool('has_delivery', 'Delivery', 'Service options'),
  bool('has_no_contact_delivery', 'No-contact delivery', 'Service options'),
  bool('has_takeout', 'Takeaway', 'Service options'),
  bool('has_dine_in', 'Dine-in', 'Service options', 'food'),
  bool('has_curbside_pickup', 'Kerbside pickup', 'Service options'),
  bool('has_drive_through', 'Drive-through', 'Service options'),
  bool('has_in_store_pickup', 'In-store pickup', 'Service options'),
  bool('has_in_store_shopping', 'In-store shopping', 'Service options'),
  bool('has_onsite_services', 'On-site services', 'Service options'),
  bool('has_same_day_delivery', 'Same-day delivery', 'Service options'),
  bool('has_wifi', 'Wi-Fi', 'Amenities'),
  {
    id: 'wi_fi',
    label: 'Wi-Fi access',
    group: 'Amenities',
    valueType: 'ENUM',
    options: [
      { value: 'free_wi_fi', label: 'Free' },
      { value: 'paid_wi_fi', label: 'Paid' },
    ],
    appliesTo: 'all',
  },
  bool('has_restroom', 'Toilets', 'Amenities'),
  bool('has_gender_neutral_restroom', 'Gender-neutral toilets', 'Amenities'),
  bool('has_free_parking_lot', 'Free car park', 'Amenities'),
  bool('has_paid_parking_lot', 'Paid car park', 'Amenities'),
  bool('has_seating_outdoors', 'Outdoor seating', 'Amenities', 'food'),
  bool('has_high_chairs', 'High chairs', 'Amenities', 'food'),
  bool('welcomes_dogs', 'Dogs allowed', 'Amenities'),
  bool('is_good_for_kids', 'Good for kids', 'Amenities'),
  {
    id: 'pay_credit_card_types_accepted',
    label: 'Credit cards accepted',
    group: 'Payments',
    valueType: 'REPEATED_ENUM',
    options: [
      { value: 'american_express', label: 'American Express' },
      { value: 'china_union_pay', label: 'China UnionPay' },
      { value: 'diners_club', label: 'Diners Club' },
      { value: 'discover', label: 'Discover' },
      { value: 'jcb', label: 'JCB' },
      { value: 'mastercard', label: 'Mastercard' },
      { value: 'visa', label: 'Visa' },
    ],
    appliesTo: 'all',
  },
  bool('pay_debit_card', 'Debit cards', 'Payments'),
  bool('pay_mobile_nfc', 'NFC mobile payments', 'Payments'),
  bool('pay_check', 'Cheques', 'Payments'),
  bool('requires_cash_only', 'Cash only', 'Payments'),
  bool('serves_breakfast', 'Breakfast', 'Dining options', 'food'),
  bool('serves_brunch', 'Brunch', 'Dining options', 'food'),
  bool('serves_lunch', 'Lunch', 'Dining options', 'food'),
  bool('serves_dinner', 'Dinner', 'Dining options', 'food'),
  bool('serves_dessert', 'Dessert', 'Dining options', 'food'),
  bool('has_catering', 'Catering', 'Dining options', 'food'),
  bool('serves_vegetarian', 'Vegetarian options', 'Offerings', 'food'),
  bool('serves_halal_food', 'Halal food', 'Offerings', 'food'),
  bool('serves_organic', 'Organic dishes', 'Offerings', 'food'),
  bool('serves_coffee', 'Coffee', 'Offerings', 'food'),
  bool('serves_alcohol', 'Alcohol', 'Offerings', 'food'),
  bool('accepts_reservations', 'Accepts reservations', 'Planning'),
  bool('requires_appointments', 'Appointment required', 'Planning'),
  bool('is_owned_by_women', 'Women-owned', 'From the business'),
];

const BY_ID = new Map(LISTING_ATTRIBUTES.map((a) => [a.id, a]));

export const listingAttribute = (id: string): ListingAttribute | undefined => BY_ID.get(id);

/** Food and drink categories, by the words of their `gcid:` id (ids are made from the names). */
const FOOD_WORDS = new Set(
  (
    'restaurant cafe cafeteria coffee tea bakery bagel bar pub brewery brewpub bistro diner grill pizza food deli ' +
    'sandwich cream dessert juice buffet caterer catering steakhouse sushi burger hamburger burrito taco noodle ' +
    'ramen patisserie confectionery winery donut creperie canteen'
  ).split(' '),
);

export const isFoodCategory = (categoryId: string | null | undefined): boolean =>
  !!categoryId &&
  categoryId
    .replace(/^gcid:/, '')
    .split('_')
    .some((w) => FOOD_WORDS.has(w));

/** Whether an attribute applies to a listing of this primary category (all of them when none is chosen). */
export function attributeApplies(attribute: ListingAttribute, primaryCategory: string | null | undefined): boolean {
  return attribute.appliesTo === 'all' || !primaryCategory || isFoodCategory(primaryCategory);
}

/**
 * The first problem with a listing's attributes (an unknown id, or a value of the wrong type), as
 * `{id, message}`; null when they are all right.
 */
export function attributeProblem(attributes: ListingAttributes): { id: string; message: string } | null {
  for (const [id, value] of Object.entries(attributes)) {
    const a = listingAttribute(id);
    if (!a) return { id, message: `Unknown attribute: ${id}` };
    const allowed = new Set((a.options ?? []).map((o) => o.value));
    if (a.valueType === 'BOOL' && typeof value !== 'boolean')
      return { id, message: `${a.label} is yes or no (true or false)` };
    if (a.valueType === 'ENUM' && (typeof value !== 'string' || !allowed.has(value)))
      return { id, message: `${a.label} is one of ${[...allowed].join(', ')}` };
    if (
      a.valueType === 'REPEATED_ENUM' &&
      (!Array.isArray(value) || value.some((v) => typeof v !== 'string' || !allowed.has(v)))
    )
      return { id, message: `${a.label} is a list of ${[...allowed].join(', ')}` };
  }
  return null;
}

/** An attribute's value as words (Yes / No / the options' labels). */
export function attributeValueText(id: string, value: AttributeValue | null | undefined): string {
  const a = listingAttribute(id);
  if (value === null || value === undefined) return 'not set';
  if (typeof value === 'boolean') return value ? 'Yes' : 'No';
  const label = (v: string) => a?.options?.find((o) => o.value === v)?.label ?? v;
  return Array.isArray(value) ? value.map(label).join(', ') || 'none' : label(value);
}
