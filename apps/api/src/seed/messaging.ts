import type { Db } from '../db/client';
import { conversations, socialPosts } from '../db/schema';
import type { Rng } from './random';

type Tx = Parameters<Parameters<Db['transaction']>[0]>[0];

const CHANNELS = ['facebook', 'instagram', 'whatsapp', 'google'] as const;
const CUSTOMERS = [
  'Sara Al Mansoori',
  'Rahul Menon',
  'Fatima Khalid',
  'James Carter',
  'Aisha Rahman',
  'Mohammed Al Harbi',
  'Maria Santos',
  'Omar Farouk',
  'Lina Haddad',
  'Daniel Brooks',
  'Noor Al Suwaidi',
  'Priya Nair',
];
const OPENERS = [
  'Hi, do you take table reservations for Friday evening?',
  'Is the branch open during Ramadan after iftar?',
  'I left my sunglasses at your branch yesterday, can you check?',
  'Do you have vegan options on the menu?',
  'My delivery order arrived cold, order number {n}.',
  'Can I book a birthday party for 12 people?',
  'What time do you close tonight?',
  'Thank you for the great service today!',
  'Is parking available near the branch?',
  'هل لديكم خدمة التوصيل إلى الصحافة؟',
];
const POSTS = [
  'Our new weekend brunch is here 🍳',
  'Ramadan iftar menu now available',
  'Meet our new head chef',
  'Family Friday offer: kids eat free',
  'Now open in Jeddah!',
];

/** A few weeks of customer conversations and social posts, some unread, for companies with Messaging. */
export async function insertMessaging(
  tx: Tx,
  rng: Rng,
  companyId: number,
  locationIds: number[],
  now: Date,
): Promise<void> {
  const rows = Array.from({ length: 40 }, (_, i) => {
    const channel = rng.pick(CHANNELS);
    const unread = rng.chance(0.3) ? rng.int(1, 4) : 0;
    const at = new Date(now.getTime() - (i * 9 + rng.int(0, 8)) * 3600 * 1000);
    return {
      companyId,
      locationId: locationIds.length ? rng.pick(locationIds) : null,
      channel,
      customerName: rng.pick(CUSTOMERS),
      lastMessage: rng.pick(OPENERS).replace('{n}', String(rng.int(10000, 99999))),
      lastMessageAt: at,
      isRead: unread === 0,
      unreadCount: unread,
      createdAt: at,
    };
  });
  await tx.insert(conversations).values(rows);
  await tx.insert(socialPosts).values(
    POSTS.map((message, i) => ({
      companyId,
      postId: `post-${companyId}-${i + 1}`,
      channel: i % 2 ? 'instagram' : 'facebook',
      message,
      unreadCount: rng.int(0, 6),
      postedAt: new Date(now.getTime() - (i + 1) * 4 * 86400 * 1000),
    })),
  );
}
