import { expect, it } from 'vitest';
import { describeEachDatabase } from '../../test/harness';
import { bearer, signIn } from '../../test/http';
import { readWorkbook } from '../../test/workbook';
import { createReportingWorld, PERIOD, type ReportingWorld } from '../statistics/test/reportingData';
import { csvUpload, foreignLocation, sheetRows } from '../locations/test/world';
import { useSmtpPeer } from '../../test/smtpPeer';

const peer = useSmtpPeer();

describeEachDatabase(
  'Team access',
  (use) => {
    let world: ReportingWorld;
    let foreign: Awaited<ReturnType<typeof foreignLocation>>;
    const tokens = new Map<string, string>();
    async function as(email: string, password?: string) {
      if (!tokens.has(email)) tokens.set(email, (await signIn(use().app, email, password)).access_token);
      return bearer(tokens.get(email)!);
    }
    async function call(email: string, method: 'GET' | 'POST' | 'PATCH' | 'DELETE', url: string, payload?: unknown) {
      return use().app.inject({
        method,
        url,
        headers: await as(email),
        ...(payload === undefined ? {} : { payload: payload as object }),
      });
    }
    const admin = 'admin@alpha.test';
    const tokenOf = (link: string) => new URL(link).pathname.split('/').pop()!;
    async function accept(link: string, password: string) {
      const token = tokenOf(link);
      return use().app.inject({ method: 'POST', url: `/v2/api/invitation/${token}`, payload: { token, password } });
    }

    it('lists the team with paging, search and invitation states', async () => {
      const { database, fx } = use();
      world = await createReportingWorld(database.db, fx.companyA.id);
      foreign = await foreignLocation(database.db, fx.companyB.id);
      const page = (await call(admin, 'GET', '/v2/api/team?per_page=3')).json();
      expect(page).toMatchObject({ total: 4, page: 1, per_page: 3, total_pages: 2 });
      expect(page.data[0]).toMatchObject({
        email: 'admin@alpha.test',
        role: 'master_admin',
        status: 'active',
        locationIds: null,
        invitation: null,
      });
      expect(
        (await call(admin, 'GET', '/v2/api/team?search=Haddad')).json().data.map((m: { email: string }) => m.email),
      ).toEqual(['admin@alpha.test']);
      expect(
        (await call(admin, 'GET', '/v2/api/team/roles'))
          .json()
          .roles.map((r: { value: string; grantable: boolean }) => [r.value, r.grantable]),
      ).toEqual([
        ['master_admin', true],
        ['manager', true],
        ['responder', true],
        ['analyst', true],
      ]);
      expect((await call('manager@alpha.test', 'GET', '/v2/api/team/roles')).json().roles[0]).toEqual({
        value: 'master_admin',
        label: 'Master Admin',
        grantable: false,
      });
    });

    it('invites a member limited to some locations over real SMTP; the link creates the password and the member signs in', async () => {
      const res = await call(admin, 'POST', '/v2/api/team', {
        email: 'layla@alpha.test',
        firstName: 'Layla',
        lastName: 'Nasser',
        role: 'manager',
        locationIds: [world.marina],
      });
      expect(res.statusCode).toBe(201);
      expect(res.json()).toMatchObject({
        status: 'invited',
        locationIds: [world.marina],
        invitation: { status: 'pending' },
      });
      const link = await peer.linkTo('layla@alpha.test', '/invitation/');
      expect(link).toMatch(/^http:\/\/reputo\.test\/invitation\/[\w-]{20,}$/);
      expect((await use().app.inject({ url: `/v2/api/invitation/${tokenOf(link)}` })).json()).toEqual({
        items: [{ email: 'layla@alpha.test', firstName: 'Layla' }],
      });
      expect((await accept(link, 'layla-pass')).statusCode).toBe(200);
      const me = await use().app.inject({ url: '/v2/api/me', headers: await as('layla@alpha.test', 'layla-pass') });
      expect(me.json()).toMatchObject({ email: 'layla@alpha.test', role: 'manager' });
      const listed = (await call(admin, 'GET', '/v2/api/team?search=layla')).json().data[0];
      expect(listed).toMatchObject({ status: 'active', invitation: null });
    });

    it('a member limited to some locations sees only their reviews and figures, and only those locations', async () => {
      const layla = 'layla@alpha.test';
      const reviews = await call(
        layla,
        'GET',
        `/v2/api/reviews?date_from=${PERIOD.date_from}&date_to=${PERIOD.date_to}&per_page=50`,
      );
      expect(reviews.statusCode).toBe(200);
      expect(reviews.json().total_reviews_count).toBe(3);
      expect(new Set(reviews.json().reviews.map((r: { location: { id: number } | null }) => r.location?.id))).toEqual(
        new Set([world.marina]),
      );
      const all = await call(
        admin,
        'GET',
        `/v2/api/reviews?date_from=${PERIOD.date_from}&date_to=${PERIOD.date_to}&per_page=50`,
      );
      expect(all.json().total_reviews_count).toBe(8);
      const volume = await call(
        layla,
        'GET',
        `/v2/api/statistics/reviews/volume?date_from=${PERIOD.date_from}&date_to=${PERIOD.date_to}`,
      );
      expect(volume.json()).toMatchObject({ reviews: 3, previous_reviews: 1 });
      // Asking for another location of the company does not widen the view.
      const widened = await call(
        layla,
        'GET',
        `/v2/api/statistics/reviews/volume?date_from=${PERIOD.date_from}&date_to=${PERIOD.date_to}&locations=${world.downtown}`,
      );
      expect(widened.json().reviews).toBe(0);
      expect((await call(layla, 'GET', '/v2/api/locations')).json().data.map((l: { id: number }) => l.id)).toEqual([
        world.marina,
      ]);
      expect((await call(layla, 'GET', `/v2/api/locations/${world.downtown}`)).statusCode).toBe(404);
      expect((await call(layla, 'GET', '/v2/api/locations/shortinfo')).json().locations).toHaveLength(1);
      // A limited Manager cannot add locations nor give access beyond what they see.
      expect((await call(layla, 'POST', '/v2/api/locations', { title: 'Mine' })).statusCode).toBe(403);
      const wider = await call(layla, 'POST', '/v2/api/team', {
        email: 'x1@alpha.test',
        role: 'analyst',
        locationIds: [world.downtown],
      });
      expect(wider.statusCode).toBe(403);
      const inherited = await call(layla, 'POST', '/v2/api/team', { email: 'x2@alpha.test', role: 'analyst' });
      expect(inherited.json().locationIds).toEqual([world.marina]);
    });

    it("edits name, role and locations; a member's view follows the change at once", async () => {
      const layla = (await call(admin, 'GET', '/v2/api/team?search=layla')).json().data[0];
      const res = await call(admin, 'PATCH', `/v2/api/team/${layla.id}`, {
        firstName: 'Layla',
        lastName: 'Nasser-Ali',
        role: 'responder',
        locationIds: [world.marina, world.riyadh],
      });
      expect(res.json()).toMatchObject({
        lastName: 'Nasser-Ali',
        role: 'responder',
        locationIds: [world.marina, world.riyadh],
      });
      const reviews = await call(
        'layla@alpha.test',
        'GET',
        `/v2/api/reviews?date_from=${PERIOD.date_from}&date_to=${PERIOD.date_to}`,
      );
      expect(reviews.json().total_reviews_count).toBe(6);
      // Now a Responder: the team is not hers to see.
      expect((await call('layla@alpha.test', 'GET', '/v2/api/team')).statusCode).toBe(403);
      const all = await call(admin, 'PATCH', `/v2/api/team/${layla.id}`, { locationIds: null });
      expect(all.json().locationIds).toBeNull();
      expect(
        (await call(admin, 'PATCH', `/v2/api/team/${layla.id}`, { firstName: ' Lay' })).json().error_description,
      ).toBe('The field cannot start with a space!');
      expect(
        (await call(admin, 'PATCH', `/v2/api/team/${layla.id}`, { firstName: '   ' })).json().error_description,
      ).toBe('The field cannot be empty or contain only spaces!');
      expect(
        (await call(admin, 'PATCH', `/v2/api/team/${layla.id}`, { locationIds: [foreign.locationId] })).json()
          .error_description,
      ).toBe(`Location ${foreign.locationId} is not one of the company's locations.`);
      expect((await call(admin, 'PATCH', `/v2/api/team/${layla.id}`, { role: 'king' })).statusCode).toBe(400);
    });

    it('keeps the rules: nobody changes their own role or removes themselves, a Manager cannot touch Master Admins, one Master Admin stays', async () => {
      const { fx } = use();
      expect(
        (await call(admin, 'PATCH', `/v2/api/team/${fx.companyA.admin.id}`, { role: 'analyst' })).json()
          .error_description,
      ).toBe('You cannot change your own role.');
      expect((await call(admin, 'DELETE', `/v2/api/team/${fx.companyA.admin.id}`)).json().error_description).toBe(
        'You cannot remove yourself.',
      );
      const manager = 'manager@alpha.test';
      expect(
        (await call(manager, 'PATCH', `/v2/api/team/${fx.companyA.admin.id}`, { firstName: 'Boss' })).statusCode,
      ).toBe(403);
      expect((await call(manager, 'DELETE', `/v2/api/team/${fx.companyA.admin.id}`)).statusCode).toBe(403);
      expect(
        (await call(manager, 'PATCH', `/v2/api/team/${fx.companyA.analyst.id}`, { role: 'master_admin' })).statusCode,
      ).toBe(403);
      const owner = bearer((await signIn(use().app, 'owner@fixture.test')).access_token);
      const demote = await use().app.inject({
        method: 'PATCH',
        url: `/v2/api/team/${fx.companyA.admin.id}?ownerAsCompany=${fx.companyA.id}`,
        headers: owner,
        payload: { role: 'manager' },
      });
      expect(demote.json()).toEqual({
        error: 'conflict',
        error_description: 'The company needs at least one Master Admin.',
      });
    });

    it('re-sends and revokes an invitation: a revoked link no longer works', async () => {
      const created = (
        await call(admin, 'POST', '/v2/api/team', { email: 'rami@alpha.test', firstName: 'Rami', role: 'analyst' })
      ).json();
      const first = await peer.linkTo('rami@alpha.test', '/invitation/');
      expect((await call(admin, 'POST', `/v2/api/team/${created.id}/invite`, {})).json()).toEqual({
        message: 'Invitation sent.',
      });
      const resentInArabic = await use().app.inject({
        method: 'POST',
        url: `/v2/api/team/${created.id}/invite`,
        headers: { ...(await as(admin)), 'accept-language': 'ar' },
        payload: {},
      });
      expect(resentInArabic.json()).toEqual({ message: 'أُرسلت الدعوة.' });
      let second = first;
      for (let i = 0; i < 50 && second === first; i++) second = await peer.linkTo('rami@alpha.test', '/invitation/');
      expect(second).not.toBe(first);
      const revoked = await call(admin, 'DELETE', `/v2/api/team/${created.id}/invite`);
      expect(revoked.json()).toMatchObject({ status: 'invited', invitation: { status: 'revoked' } });
      expect((await use().app.inject({ url: `/v2/api/invitation/${tokenOf(second)}` })).json().message).toBe(
        'User confirmed or it is wrong invitation id',
      );
      expect((await accept(second, 'rami-pass')).statusCode).toBe(400);
      expect(
        (await call(admin, 'DELETE', `/v2/api/team/${use().fx.companyA.admin.id}/invite`)).json().error_description,
      ).toBe('This member has already accepted the invitation.');
    });

    it('removes a member, who can no longer sign in', async () => {
      const rami = (await call(admin, 'GET', '/v2/api/team?search=rami')).json().data[0];
      expect((await call(admin, 'DELETE', `/v2/api/team/${rami.id}`)).json()).toEqual({ id: rami.id, deleted: true });
      expect((await call(admin, 'GET', `/v2/api/team/${rami.id}`)).statusCode).toBe(404);
    });

    it("answers another company's member with 404, like a missing one", async () => {
      const { fx } = use();
      const target = fx.companyB.admin.id;
      for (const [method, url, payload] of [
        ['GET', `/v2/api/team/${target}`, undefined],
        ['PATCH', `/v2/api/team/${target}`, { firstName: 'X' }],
        ['DELETE', `/v2/api/team/${target}`, undefined],
        ['DELETE', `/v2/api/team/${target}/invite`, undefined],
        ['POST', `/v2/api/team/${target}/invite`, {}],
      ] as const) {
        const res = await call(admin, method, url, payload);
        const missing = await call(admin, method, url.replace(String(target), '987654'), payload);
        expect(res.statusCode).toBe(404);
        expect(res.json()).toEqual(missing.json());
      }
    });

    it('denies the team to Responders and Analysts', async () => {
      for (const email of ['responder@alpha.test', 'analyst@alpha.test']) {
        const bodies: Record<string, unknown> = {
          '/v2/api/team': { email: 'z@alpha.test', role: 'analyst' },
          '/v2/api/team/upload': csvUpload([
            ['Email', 'Role'],
            ['z@alpha.test', 'Analyst'],
          ]),
        };
        for (const [method, url] of [
          ['GET', '/v2/api/team'],
          ['POST', '/v2/api/team'],
          ['GET', '/v2/api/team/export'],
          ['POST', '/v2/api/team/upload'],
          ['GET', '/v2/api/states'],
        ] as const) {
          expect((await call(email, method, url, bodies[url])).statusCode).toBe(403);
        }
      }
    });

    it('uploads a team file: a bad row invites nobody, a good file invites everyone', async () => {
      const bad = await call(
        admin,
        'POST',
        '/v2/api/team/upload',
        csvUpload([
          ['Email', 'First name', 'Last name', 'Role', 'Locations'],
          ['hana@alpha.test', 'Hana', 'Saleh', 'Responder', 'AG-001, AE-001'],
          ['not-an-email', 'Bad', '', 'Analyst', ''],
          ['admin@beta.test', '', '', 'Chef', 'XX-9'],
        ]),
      );
      expect(bad.statusCode).toBe(400);
      expect(bad.json().details).toEqual([
        { field: 'row 3', message: 'Email: Email is not valid!' },
        { field: 'row 4', message: 'admin@beta.test already has an account.' },
        { field: 'row 4', message: 'Role must be one of Master Admin, Manager, Responder, Analyst.' },
        { field: 'row 4', message: "Location XX-9 is not one of the company's locations." },
      ]);
      expect((await call(admin, 'GET', '/v2/api/team?search=hana')).json().total).toBe(0);
      // In Arabic the reasons are Arabic; the file's column names and role values stay as the file writes them.
      const arBad = await use().app.inject({
        method: 'POST',
        url: '/v2/api/team/upload',
        headers: { ...(await as(admin)), 'accept-language': 'ar' },
        payload: csvUpload([
          ['Email', 'First name', 'Last name', 'Role', 'Locations'],
          ['hana@alpha.test', ' Hana', '', 'Responder', ''],
          ['hana@alpha.test', '', '', 'Analyst', ''],
          ['', '', '', 'Chef', 'XX-9'],
        ]),
      });
      expect(arBad.statusCode).toBe(400);
      expect(arBad.json()).toEqual({
        error: 'invalid_request',
        error_description: 'في 3 صفوف مشكلات؛ لم يُستورد شيء. صحّحها ثم ارفع الملف مرة أخرى.',
        details: [
          { field: 'row 2', message: 'العمود First name: لا يمكن أن يبدأ الحقل بمسافة!' },
          { field: 'row 3', message: 'البريد hana@alpha.test مكرر أيضًا في الصف 2.' },
          { field: 'row 4', message: 'العمود Email: البريد الإلكتروني مطلوب!' },
          { field: 'row 4', message: 'يجب أن يكون الدور أحد الأدوار: Master Admin, Manager, Responder, Analyst.' },
          { field: 'row 4', message: 'الموقع XX-9 ليس من مواقع الشركة.' },
        ],
      });
      const good = await call(
        admin,
        'POST',
        '/v2/api/team/upload',
        csvUpload([
          ['Email', 'First name', 'Last name', 'Role', 'Locations'],
          ['hana@alpha.test', 'Hana', 'Saleh', 'Responder', 'AG-001, AE-001'],
          ['yusuf@alpha.test', 'Yusuf', '', 'master admin', ''],
        ]),
      );
      expect(good.json()).toEqual({ invited: 2 });
      const hana = (await call(admin, 'GET', '/v2/api/team?search=hana')).json().data[0];
      expect(hana).toMatchObject({ role: 'responder', status: 'invited', locationIds: [world.marina, world.riyadh] });
      expect(await peer.linkTo('yusuf@alpha.test', '/invitation/')).toContain('/invitation/');
      const example = await use().app.inject({ url: `/v2/api/team/upload/example?access_token=${tokens.get(admin)}` });
      expect((await sheetRows(example.rawPayload))[0]).toEqual([
        'Email',
        'First name',
        'Last name',
        'Role',
        'Locations',
      ]);
    });

    it('exports the team to Excel', async () => {
      const res = await use().app.inject({ url: `/v2/api/team/export?access_token=${tokens.get(admin)}` });
      expect(res.headers['content-disposition']).toContain('team.xlsx');
      const rows = await sheetRows(res.rawPayload);
      const hana = rows.find((r) => r[1] === 'hana@alpha.test')!;
      expect(hana.slice(4, 7)).toEqual(['Responder', 'Invited (pending)', 'AG-001, AE-001']);
      expect(rows.find((r) => r[1] === 'admin@alpha.test')!.slice(4, 6)).toEqual(['Master Admin', 'Active']);
      const members = (await call(admin, 'GET', '/v2/api/team')).json().total as number;
      const en = await readWorkbook(res.rawPayload);
      expect(en.intro).toEqual(['Team of Alpha Restaurants', `${members} members`]);
      expect(en.rightToLeft).toBe(false);
      // In Arabic the intro lines and the status are Arabic and the sheet reads right to left; the
      // columns and role values stay the upload's English.
      const arRes = await use().app.inject({ url: `/v2/api/team/export?access_token=${tokens.get(admin)}&lang=ar` });
      const ar = await readWorkbook(arRes.rawPayload);
      expect(ar.intro).toEqual(['فريق Alpha Restaurants', `${members} ${members <= 10 ? 'أعضاء' : 'عضوًا'}`]);
      expect(ar.rightToLeft).toBe(true);
      const arRows = ar.rows(0).map((r) => r.map(String));
      expect(arRows.find((r) => r[0] === 'Name')).toEqual(en.rows(0).find((r) => r[0] === 'Name'));
      expect(arRows.find((r) => r[1] === 'hana@alpha.test')!.slice(4, 7)).toEqual([
        'Responder',
        'مدعو (قيد الانتظار)',
        'AG-001, AE-001',
      ]);
      expect(arRows.find((r) => r[1] === 'admin@alpha.test')!.slice(4, 6)).toEqual(['Master Admin', 'نشط']);
    });

    it("team upload texts in the request's language: the columns' descriptions and the example's help sheet", async () => {
      type Field = { key: string; title: string; description: string };
      const fields = async (language: string) =>
        (
          await use().app.inject({
            url: '/v2/api/team/upload/fields',
            headers: { ...(await as(admin)), 'accept-language': language },
          })
        ).json().fields as Field[];
      const [en, ar] = [await fields('en'), await fields('ar')];
      expect(ar.map((f) => f.title)).toEqual(['Email', 'First name', 'Last name', 'Role', 'Locations']);
      expect(en.map((f) => f.title)).toEqual(ar.map((f) => f.title));
      expect(en.find((f) => f.key === 'role')!.description).toBe('One of Master Admin, Manager, Responder, Analyst.');
      expect(ar.find((f) => f.key === 'role')!.description).toBe(
        'أحد الأدوار: Master Admin, Manager, Responder, Analyst.',
      );
      for (const f of ar.filter((x) => x.key !== 'lastName'))
        expect(f.description, f.key).toMatch(/\p{Script=Arabic}/u);

      const example = async (lang: string) =>
        readWorkbook(
          (
            await use().app.inject({
              url: `/v2/api/team/upload/example?access_token=${tokens.get(admin)}&lang=${lang}`,
            })
          ).rawPayload,
        );
      const arExample = await example('ar');
      expect(arExample.sheets).toEqual(['Team', 'تعليمات']);
      expect(arExample.rightToLeft).toBe(true);
      expect(arExample.rows(0)[0]).toEqual(['Email', 'First name', 'Last name', 'Role', 'Locations']);
      expect(arExample.rows(1)[0]).toEqual(['العمود', 'إلزامي', 'المعنى']);
      expect(arExample.rows(1)[1]).toEqual(['Email', 'نعم', ar[0]!.description]);
      const enExample = await example('en');
      expect(enExample.sheets).toEqual(['Team', 'Help']);
      expect(enExample.rows(1)[0]).toEqual(['Column', 'Required', 'Meaning']);
      expect(enExample.rows(1)[2]).toEqual(['First name', 'no', 'Used to greet the new member.']);
    });
  },
  { mailer: peer.mailer },
);
