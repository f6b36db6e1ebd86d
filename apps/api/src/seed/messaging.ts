import { eq, inArray } from 'drizzle-orm';
import type { Db } from '../db/client';
import {
  companies,
  conversations,
  conversationTags,
  locations,
  messagePages,
  messages,
  messageTags,
  postComments,
  reactions,
  socialPosts,
} from '../db/schema';
import type { Rng } from './random';

type Tx = Parameters<Parameters<Db['transaction']>[0]>[0];

const DAY = 86_400_000;
const MINUTE = 60_000;
/** The demo's Messages cover the last 90 days. */
const SPAN_DAYS = 90;

const CUSTOMERS_EN = [
  'Rahul Menon',
  'James Carter',
  'Maria Santos',
  'Daniel Brooks',
  'Priya Nair',
  'Emily Clarke',
  'Arjun Kapoor',
  'Sophie Laurent',
  'Michael Chen',
  'Hannah Wright',
  'Lucas Silva',
  'Olivia Bennett',
];
const CUSTOMERS_AR = [
  'سارة المنصوري',
  'محمد الحربي',
  'فاطمة خالد',
  'عمر فاروق',
  'نور السويدي',
  'عائشة الرحمن',
  'خالد العتيبي',
  'ليلى حداد',
  'يوسف القحطاني',
  'مريم الشامسي',
];

/** Real back-and-forth threads: customer lines (in) and the team's answers (out), in order. */
type Line = readonly ['in' | 'out', string];
const THREADS_EN: readonly (readonly Line[])[] = [
  [
    ['in', 'Hi, do you take table reservations for Friday evening?'],
    ['out', 'Hello! Yes, we do. For how many guests and at what time?'],
    ['in', 'Four people, around 8 pm please.'],
    ['out', 'Done: a table for four on Friday at 8 pm under your name. See you then!'],
    ['in', 'Perfect, thank you!'],
  ],
  [
    ['in', 'My delivery order arrived cold, order number {n}.'],
    ['out', "We're sorry about that. Could you send a photo of the receipt so we can refund the order?"],
    ['in', 'Sure, sending it now.'],
    ['out', 'Thank you. The refund is on its way and should reach your card within 3 to 5 days.'],
  ],
  [
    ['in', 'Do you have vegan options on the menu?'],
    ['out', 'Yes! Our menu marks vegan dishes with a green leaf, and the kitchen can adapt most salads and bowls.'],
    ['in', 'Great, is the lentil soup vegan too?'],
    ['out', 'It is, made with vegetable stock and no cream.'],
  ],
  [
    ['in', 'Can I book a birthday party for 12 people next Saturday?'],
    ['out', 'Happy to help! We have a private corner for up to 14 guests. Would lunch or dinner suit you?'],
    ['in', 'Dinner please. Can we bring our own cake?'],
    ['out', 'Of course, there is no cake fee. I have noted dinner for 12 on Saturday at 7:30 pm.'],
    ['in', 'Amazing, thanks a lot'],
  ],
  [
    ['in', 'What time do you close tonight?'],
    ['out', 'We are open until midnight today.'],
  ],
  [
    ['in', 'I left my sunglasses at your branch yesterday, can you check?'],
    ['out', 'Let me ask the team. What do they look like?'],
    ['in', 'Black Ray-Ban, in a brown case.'],
    ['out', 'Good news: we found them. You can pick them up at the front desk any time.'],
  ],
  [
    ['in', 'Is parking available near the branch?'],
    ['out', 'Yes, the mall car park is right next to us and the first 3 hours are free.'],
  ],
  [
    ['in', 'The waiter yesterday was very rude to my family.'],
    ['out', 'We are very sorry to hear this. Could you tell us the time of your visit so our manager can follow up?'],
    ['in', 'Around 9 pm, table near the window.'],
    ['out', 'Thank you. The branch manager will call you today, and we would like to invite you back as our guests.'],
  ],
  [
    ['in', 'Thank you for the great service today!'],
    ['out', 'Thank you for visiting us, we hope to see you again soon!'],
  ],
  [['in', 'Do you deliver to Business Bay?']],
  [['in', 'Hello, are you hiring? I would like to send my CV.']],
];
const THREADS_AR: readonly (readonly Line[])[] = [
  [
    ['in', 'مرحبا، هل لديكم خدمة التوصيل إلى حي الصحافة؟'],
    ['out', 'أهلاً بك! نعم، نوصل إلى حي الصحافة خلال ٤٥ دقيقة تقريباً.'],
    ['in', 'ممتاز، وهل يوجد حد أدنى للطلب؟'],
    ['out', 'الحد الأدنى ٥٠ ريالاً والتوصيل مجاني فوق ١٥٠ ريالاً.'],
  ],
  [
    ['in', 'هل الفرع مفتوح بعد الإفطار في رمضان؟'],
    ['out', 'نعم، نفتح من الإفطار حتى الساعة الثانية فجراً طوال شهر رمضان.'],
    ['in', 'شكراً جزيلاً'],
  ],
  [
    ['in', 'أريد حجز طاولة لستة أشخاص يوم الخميس'],
    ['out', 'بكل سرور. في أي ساعة تفضل الحجز؟'],
    ['in', 'الساعة التاسعة مساءً'],
    ['out', 'تم الحجز لستة أشخاص يوم الخميس الساعة التاسعة مساءً. نتطلع لزيارتكم!'],
  ],
  [
    ['in', 'الطلب رقم {n} وصل ناقصاً، لم يصل العصير'],
    ['out', 'نعتذر عن ذلك. سنرسل العصير حالاً مع السائق ونضيف قسيمة خصم لطلبك القادم.'],
    ['in', 'شكراً على سرعة الرد'],
  ],
  [
    ['in', 'الخدمة كانت ممتازة اليوم، شكراً للفريق'],
    ['out', 'شكراً لكلماتك الجميلة، سعداء بزيارتك!'],
  ],
  [['in', 'هل يوجد لديكم قائمة طعام خاصة للأطفال؟']],
];

const POSTS = [
  'Our new weekend brunch is here 🍳 Join us every Friday and Saturday from 9 am.',
  'Ramadan iftar menu now available 🌙 Book your table early!',
  'Meet our new head chef, bringing 15 years of Levantine cooking to your table.',
  'Family Friday offer: kids eat free with every main course.',
  'We are now open in a new location! Come and say hello.',
  'عرض نهاية الأسبوع: خصم ٢٠٪ على جميع الأطباق الرئيسية',
  'Thank you for 10,000 followers! Comment your favourite dish to win a dinner for two.',
  'قائمة الإفطار الرمضانية متوفرة الآن في جميع فروعنا',
  'New summer drinks: mango-passion, mint lemonade and cold brew 🍹',
];
const COMMENTS = [
  'Looks delicious! 😍',
  'What time does it start?',
  'Is it available for delivery too?',
  'Best brunch in town, we go every week',
  'Can I book for 6 people?',
  'Prices please?',
  'ما شاء الله، شكله رائع',
  'هل العرض متاح في جميع الفروع؟',
  'Went yesterday, the service was slow though',
  'My kids loved it last Friday!',
  'كم السعر؟',
  'Do you have gluten-free options?',
];
const COMMENT_REPLIES = [
  'Thank you! We hope to see you soon 😊',
  'It starts at 9 am every Friday and Saturday.',
  'Yes, it is available on our delivery app as well.',
  'Please send us a private message and we will book it for you.',
  'شكراً لك! العرض متاح في جميع فروعنا.',
  'Sorry about the wait, we have added staff on weekends.',
];
const TAGS = [
  { name: 'Booking', color: '#2563EB' },
  { name: 'Complaint', color: '#DC2626' },
  { name: 'Delivery', color: '#D97706' },
  { name: 'Feedback', color: '#059669' },
  { name: 'VIP', color: '#7C3AED' },
];
const TAG_OF_THREAD = [
  'Booking',
  'Complaint',
  'Feedback',
  'Booking',
  null,
  null,
  null,
  'Complaint',
  'Feedback',
  'Delivery',
  null,
];
const REACTION_WEIGHTS = [
  ['like', 60],
  ['love', 25],
  ['haha', 4],
  ['wow', 5],
  ['care', 3],
  ['sad', 2],
  ['angry', 1],
] as const;

interface PageSeed {
  id: number;
  provider: 'facebook' | 'instagram' | 'google';
  externalId: string;
  name: string;
  locationId: number;
}

async function insertPages(tx: Tx, rng: Rng, companyId: number, locationIds: number[]): Promise<PageSeed[]> {
  const [company] = await tx.select({ name: companies.companyName }).from(companies).where(eq(companies.id, companyId));
  const titles = locationIds.length
    ? await tx
        .select({ id: locations.id, title: locations.title })
        .from(locations)
        .where(inArray(locations.id, locationIds))
    : [];
  const byId = new Map(titles.map((l) => [l.id, l.title]));
  const chosen = locationIds.slice(0, 6);
  const rows = chosen.flatMap((locationId, i) => {
    const title = byId.get(locationId) ?? `Location ${i + 1}`;
    // Pages are named as real ones are: the Facebook page as the place without the dash (the title
    // already carries the brand), the Instagram handle from the company's first word and the place.
    const place = title.includes(' - ') ? title.split(' - ').slice(1).join(' ') : title;
    const handle = `${(company?.name ?? 'company').split(/\s+/)[0]} ${place}`
      .toLowerCase()
      .replace(/[^a-z0-9]+/g, '.')
      .replace(/^\.|\.$/g, '')
      .slice(0, 30);
    const list: (typeof messagePages.$inferInsert)[] = [
      {
        companyId,
        provider: 'facebook',
        externalId: `demo-fb-${companyId}-${i + 1}`,
        name: title.replace(' - ', ' '),
        locationId,
      },
    ];
    if (i < 3)
      list.push({
        companyId,
        provider: 'instagram',
        externalId: `demo-ig-${companyId}-${i + 1}`,
        name: `@${handle}`,
        locationId,
      });
    if (i < 4)
      list.push({
        companyId,
        provider: 'google',
        externalId: `demo-gbm-${companyId}-${i + 1}`,
        name: title,
        locationId,
      });
    return list;
  });
  if (rows.length === 0) return [];
  // One page asks to be reconnected, as happens when a Facebook admin changes their password.
  if (rows.length > 3 && rng.chance(0.7)) {
    rows[rows.length - 1]!.connectionState = 'reconnect_needed';
    rows[rows.length - 1]!.lastError = 'The page access token expired: a page admin must sign in with Facebook again.';
    rows[rows.length - 1]!.lastErrorAt = new Date();
  }
  const inserted = await tx.insert(messagePages).values(rows).returning();
  return inserted.map((p) => ({
    id: p.id,
    provider: p.provider as PageSeed['provider'],
    externalId: p.externalId,
    name: p.name,
    locationId: p.locationId!,
  }));
}

interface ThreadSeed {
  conversation: typeof conversations.$inferInsert;
  lines: { type: 'inbound' | 'outbound'; text: string; at: Date }[];
  tag: string | null;
}

function threadFor(
  rng: Rng,
  companyId: number,
  page: PageSeed,
  index: number,
  now: Date,
  teamUserIds: number[],
): ThreadSeed {
  const arabic = rng.chance(0.35);
  const scripts = arabic ? THREADS_AR : THREADS_EN;
  const scriptIndex = rng.int(0, scripts.length - 1);
  const script = scripts[scriptIndex]!;
  const n = String(rng.int(10000, 99999));
  // Newer conversations are more frequent: the square skews towards today.
  const start = new Date(now.getTime() - Math.floor(rng.next() ** 2 * SPAN_DAYS * DAY) - rng.int(5, 600) * MINUTE);
  let at = start.getTime();
  // Recent conversations may still wait for their last answer.
  const recent = now.getTime() - start.getTime() < 3 * DAY;
  const cut = recent && script.length > 1 && rng.chance(0.5) ? rng.int(1, script.length - 1) : script.length;
  const lines = script.slice(0, cut).map(([dir, text], k) => {
    if (k > 0) at += (dir === 'out' ? rng.int(2, 240) : rng.int(1, 90)) * MINUTE;
    return {
      type: dir === 'in' ? ('inbound' as const) : ('outbound' as const),
      text: text.replace('{n}', n),
      at: new Date(at),
    };
  });
  // Messages never lie in the future.
  const shift = Math.max(0, at - now.getTime() + MINUTE);
  for (const l of lines) l.at = new Date(l.at.getTime() - shift);
  const last = lines[lines.length - 1]!;
  let trailingInbound = 0;
  for (let k = lines.length - 1; k >= 0 && lines[k]!.type === 'inbound'; k--) trailingInbound++;
  const lastInbound = [...lines].reverse().find((l) => l.type === 'inbound')!;
  const unread = trailingInbound > 0 && (recent || rng.chance(0.15)) ? trailingInbound : 0;
  const names = arabic ? CUSTOMERS_AR : CUSTOMERS_EN;
  return {
    conversation: {
      companyId,
      pageId: page.id,
      locationId: page.locationId,
      channel: page.provider,
      customerExternalId: `demo-psid-${companyId}-${page.id}-${index}`,
      customerName: rng.pick(names),
      lastMessage: last.text,
      lastMessageAt: last.at,
      lastInboundAt: lastInbound.at,
      isRead: unread === 0,
      unreadCount: unread,
      assigneeId: teamUserIds.length && rng.chance(0.45) ? rng.pick(teamUserIds) : null,
      createdAt: lines[0]!.at,
    },
    lines,
    tag: arabic ? (rng.chance(0.3) ? 'Booking' : null) : (TAG_OF_THREAD[scriptIndex] ?? null),
  };
}

async function insertConversations(
  tx: Tx,
  rng: Rng,
  companyId: number,
  pages: PageSeed[],
  now: Date,
  teamUserIds: number[],
): Promise<void> {
  const tags = await tx
    .insert(messageTags)
    .values(TAGS.map((t) => ({ companyId, ...t })))
    .returning();
  const tagId = new Map(tags.map((t) => [t.name, t.id]));
  const threads = pages.flatMap((page) =>
    Array.from({ length: page.provider === 'google' ? rng.int(5, 9) : rng.int(12, 22) }, (_, i) =>
      threadFor(rng, companyId, page, i, now, teamUserIds),
    ),
  );
  if (threads.length === 0) return;
  const ids = await tx
    .insert(conversations)
    .values(threads.map((t) => t.conversation))
    .returning({ id: conversations.id });
  const rows = threads.flatMap((t, i) =>
    t.lines.map((l, k) => ({
      companyId,
      conversationId: ids[i]!.id,
      externalId: `m_demo_${companyId}_${ids[i]!.id}_${k}`,
      type: l.type,
      sentAt: l.at,
      message: l.text,
      deliveryState: l.type === 'inbound' ? 'delivered' : 'read',
      authorUserId: l.type === 'outbound' && teamUserIds.length ? teamUserIds[i % teamUserIds.length]! : null,
    })),
  );
  for (let i = 0; i < rows.length; i += 1000) await tx.insert(messages).values(rows.slice(i, i + 1000));
  const tagged = threads
    .map((t, i) => ({ tag: t.tag, conversationId: ids[i]!.id }))
    .filter((t): t is { tag: string; conversationId: number } => t.tag !== null && rng.chance(0.7));
  if (tagged.length)
    await tx
      .insert(conversationTags)
      .values(tagged.map((t) => ({ companyId, conversationId: t.conversationId, tagId: tagId.get(t.tag)! })));
}

async function insertPosts(tx: Tx, rng: Rng, companyId: number, pages: PageSeed[], now: Date): Promise<void> {
  const social = pages.filter((p) => p.provider !== 'google');
  for (const page of social) {
    const count = rng.int(3, 6);
    const postRows = Array.from({ length: count }, (_, i) => ({
      companyId,
      pageId: page.id,
      locationId: page.locationId,
      postId: `${page.externalId}_post_${i + 1}`,
      channel: page.provider,
      message: rng.pick(POSTS),
      mediaUrl: null,
      permalink: `https://www.${page.provider}.com/${page.externalId}/posts/${i + 1}`,
      postedAt: new Date(now.getTime() - Math.floor(((i + rng.next()) / count) * SPAN_DAYS * DAY)),
    }));
    const posts = await tx.insert(socialPosts).values(postRows).returning();
    const top = posts.flatMap((post) =>
      Array.from({ length: rng.int(2, 8) }, (_, k) => {
        const at = new Date(Math.min(now.getTime() - MINUTE, post.postedAt.getTime() + rng.int(10, 60 * 48) * MINUTE));
        const recent = now.getTime() - at.getTime() < 14 * DAY;
        const author = rng.chance(0.4) ? rng.pick(CUSTOMERS_AR) : rng.pick(CUSTOMERS_EN);
        return {
          companyId,
          postId: post.id,
          externalId: `${post.postId}_c${k + 1}`,
          authorExternalId: `demo-user-${author.length}-${k}`,
          authorName: author,
          text: rng.pick(COMMENTS),
          createdAt: at,
          isRead: !(recent && rng.chance(0.6)),
          hidden: rng.chance(0.04),
        };
      }),
    );
    const comments = top.length ? await tx.insert(postComments).values(top).returning() : [];
    const replies = comments
      .filter((c) => c.isRead && rng.chance(0.5))
      .map((c, k) => ({
        companyId,
        postId: c.postId,
        parentId: c.id,
        externalId: `${c.externalId}_r${k + 1}`,
        authorExternalId: page.externalId,
        authorName: page.name,
        text: rng.pick(COMMENT_REPLIES),
        fromPage: true,
        deliveryState: 'sent',
        isRead: true,
        createdAt: new Date(Math.min(now.getTime(), c.createdAt.getTime() + rng.int(5, 600) * MINUTE)),
      }));
    if (replies.length) {
      await tx.insert(postComments).values(replies);
      for (const r of replies)
        await tx.update(postComments).set({ repliedAt: r.createdAt }).where(eq(postComments.id, r.parentId));
    }
    for (const post of posts) {
      const mine = comments.filter((c) => c.postId === post.id);
      const unread = mine.filter((c) => !c.isRead).length;
      const lastCommentAt = mine.reduce<Date | null>((a, c) => (a && a > c.createdAt ? a : c.createdAt), null);
      await tx.update(socialPosts).set({ unreadCount: unread, lastCommentAt }).where(eq(socialPosts.id, post.id));
    }
    const reactionRows = posts.flatMap((post) => [
      ...Array.from({ length: rng.int(4, 30) }, (_, k) => ({
        companyId,
        postId: post.id,
        commentId: null,
        reactorExternalId: `demo-reactor-${k}`,
        reactorName: rng.pick([...CUSTOMERS_EN, ...CUSTOMERS_AR]),
        type: rng.weighted(REACTION_WEIGHTS),
        createdAt: new Date(Math.min(now.getTime(), post.postedAt.getTime() + rng.int(1, 72 * 60) * MINUTE)),
      })),
      ...comments
        .filter((c) => c.postId === post.id && rng.chance(0.4))
        .map((c) => ({
          companyId,
          postId: post.id,
          commentId: c.id,
          reactorExternalId: `demo-reactor-c${c.id}`,
          reactorName: rng.pick(CUSTOMERS_EN),
          type: rng.chance(0.8) ? 'like' : 'love',
          createdAt: c.createdAt,
        })),
    ]);
    if (reactionRows.length) await tx.insert(reactions).values(reactionRows);
  }
}

/**
 * The Messages area of a demo company with Messaging: pages tied to its locations (Facebook,
 * Instagram, Google), English and Arabic conversations with real back-and-forth threads over the
 * last 90 days (recent ones still unread), posts with threaded comments and reactions.
 */
export async function insertMessaging(
  tx: Tx,
  rng: Rng,
  companyId: number,
  locationIds: number[],
  now: Date,
  teamUserIds: number[] = [],
): Promise<void> {
  const pages = await insertPages(tx, rng, companyId, locationIds);
  await insertConversations(tx, rng, companyId, pages, now, teamUserIds);
  await insertPosts(tx, rng, companyId, pages, now);
}
