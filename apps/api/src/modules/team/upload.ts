import {
  directionOf,
  displayName,
  freeTextError,
  isValidEmail,
  MSG,
  ROLE_LABELS,
  TEAM_ROLES,
  type TeamRole,
  type UiLanguage,
} from '@reputo/core';
import type { ActingContext } from '../../platform/acting';
import type { AppDeps } from '../../platform/deps';
import type { Db } from '../../db/client';
import { t, translateKnownText, type TextVars } from '../../platform/i18n';
import { sendInvitation } from '../invitations/service';
import { allLocations } from '../locations/repository';
import { readSheet } from '../../platform/sheets';
import { helpSheet, rejectUpload, rowsOf, type RowProblem, type UploadField } from '../locations/sheet';
import { buildWorkbook } from '../statistics/excel';
import { insertUser } from '../users/repository';
import { allMembers, invitationStates, takenEmails } from './repository';
import { companyOf } from './service';

/**
 * Team upload: one row per new member, each gets an invitation mail. Every row is checked first;
 * if any is wrong nobody is added and the answer lists each wrong row. Titles are the file's English
 * column names, and the role values stay English too (a file reads the same whoever uploads it);
 * descriptions are in the request's language.
 */
export function teamUploadFields(language: UiLanguage = 'en'): UploadField[] {
  const describe = (key: string, vars?: TextVars) => t(language, `uploads:team.fields.${key}`, vars);
  return [
    { key: 'email', title: 'Email', required: true, description: describe('email') },
    { key: 'firstName', title: 'First name', required: false, description: describe('firstName') },
    { key: 'lastName', title: 'Last name', required: false, description: '' },
    {
      key: 'role',
      title: 'Role',
      required: true,
      description: describe('role', { roles: TEAM_ROLES.map((r) => ROLE_LABELS[r]).join(', ') }),
    },
    { key: 'locations', title: 'Locations', required: false, description: describe('locations') },
  ];
}

function roleFrom(text: string): TeamRole | null {
  const wanted = text
    .trim()
    .toLowerCase()
    .replace(/[\s_-]+/g, ' ');
  return TEAM_ROLES.find((r) => r.replace('_', ' ') === wanted || ROLE_LABELS[r].toLowerCase() === wanted) ?? null;
}

/** The example file: the data sheet with the English column names, the help sheet in the language. */
export async function teamExampleFile(language: UiLanguage = 'en'): Promise<Buffer> {
  const fields = teamUploadFields(language);
  const rows = [
    { email: 'sara@example.com', firstName: 'Sara', lastName: 'Khan', role: 'Manager', locations: '' },
    { email: 'omar@example.com', firstName: 'Omar', lastName: 'Aziz', role: 'Responder', locations: 'EX-001, EX-002' },
  ];
  return buildWorkbook(
    [
      {
        name: 'Team',
        columns: fields.map((f) => ({ header: f.title, value: (r: Record<string, string>) => r[f.key], width: 26 })),
        rows,
      },
      helpSheet(fields, language),
    ],
    { rightToLeft: directionOf(language) === 'rtl' },
  );
}

/**
 * The team as an Excel file: the upload's English columns and role values (the file can be edited
 * and uploaded again), the intro lines and the members' status in the download's language.
 */
export async function exportTeam(db: Db, ctx: ActingContext, language: UiLanguage = 'en'): Promise<Buffer> {
  const companyId = companyOf(ctx);
  const [members, locations] = await Promise.all([allMembers(db, companyId), allLocations(db, companyId, null)]);
  const states = await invitationStates(
    db,
    members.filter((m) => m.status !== 'active').map((m) => m.id),
  );
  const titles = new Map(locations.map((l) => [l.id, l.locationId ?? l.title]));
  type M = (typeof members)[number];
  const role = (m: M) =>
    (TEAM_ROLES as readonly string[]).includes(m.role) ? ROLE_LABELS[m.role as TeamRole] : m.role;
  const status = (m: M) =>
    t(language, `exports:team.status.${m.status === 'active' ? 'active' : (states.get(m.id)?.status ?? 'pending')}`);
  return buildWorkbook(
    [
      {
        name: 'Team',
        intro: [
          t(language, 'exports:team.title', { company: ctx.company?.companyName ?? '' }),
          t(language, 'exports:team.members', { count: members.length }),
        ],
        rows: members,
        columns: [
          { header: 'Name', value: (m: M) => displayName(m.firstName, m.lastName), width: 26 },
          { header: 'Email', value: (m: M) => m.email, width: 32 },
          { header: 'First name', value: (m: M) => m.firstName ?? '', width: 16 },
          { header: 'Last name', value: (m: M) => m.lastName ?? '', width: 16 },
          { header: 'Role', value: role, width: 14 },
          { header: 'Status', value: status, width: 26 },
          {
            header: 'Locations',
            value: (m: M) => (m.locationIds ? m.locationIds.map((id) => titles.get(id) ?? String(id)).join(', ') : ''),
            width: 40,
          },
          {
            header: 'Last sign-in',
            value: (m: M) => m.lastLoginAt?.toISOString().slice(0, 16).replace('T', ' ') ?? '',
            width: 18,
          },
        ],
      },
    ],
    { rightToLeft: directionOf(language) === 'rtl' },
  );
}

interface CheckedMember {
  email: string;
  firstName: string | null;
  lastName: string | null;
  role: TeamRole;
  locationIds: number[] | null;
}

export async function uploadTeam(
  deps: AppDeps,
  ctx: ActingContext,
  filename: string,
  base64: string,
  url?: string,
  language: UiLanguage = 'en',
): Promise<{ invited: number }> {
  const { db } = deps;
  const companyId = companyOf(ctx);
  const rows = rowsOf(await readSheet(filename, Buffer.from(base64, 'base64')), teamUploadFields());
  const locations = await allLocations(db, companyId, null);
  const byKey = new Map<string, number>();
  for (const l of locations) {
    byKey.set(l.title.toLowerCase(), l.id);
    if (l.locationId) byKey.set(l.locationId.toLowerCase(), l.id);
  }
  const taken = await takenEmails(db, rows.map((r) => r.get('email').trim()).filter(Boolean));
  const problems: RowProblem[] = [];
  const seen = new Map<string, number>();
  const checked: CheckedMember[] = [];
  for (const row of rows) {
    // Reasons are written in the request's language; core's messages in it where a catalogue has them.
    const report = (key: string, vars?: TextVars) =>
      problems.push({ line: row.line, reason: t(language, `uploads:team.${key}`, vars) });
    const cell = (column: string, message: string) =>
      report('cell', { column, problem: translateKnownText(language, message) ?? message });
    const email = row.get('email').trim();
    if (!email) cell('Email', MSG.emailRequired);
    else if (!isValidEmail(email)) cell('Email', MSG.emailNotValid);
    else if (taken.has(email.toLowerCase())) report('emailTaken', { email });
    else if (seen.has(email.toLowerCase())) report('emailTwice', { email, line: seen.get(email.toLowerCase())! });
    else seen.set(email.toLowerCase(), row.line);
    const names = (['firstName', 'lastName'] as const).map((key) => {
      const v = row.get(key);
      if (v === '') return null;
      const e = freeTextError(v);
      if (e) cell(key === 'firstName' ? 'First name' : 'Last name', e);
      return v.trimEnd();
    });
    const role = roleFrom(row.get('role'));
    // The roles as the file writes them (English labels, whatever the language).
    if (!role) report('roleInvalid', { roles: TEAM_ROLES.map((r) => ROLE_LABELS[r]).join(', ') });
    else if (ctx.role === 'manager' && role === 'master_admin') report('managerNoMasterAdmin');
    const listed = row
      .get('locations')
      .split(',')
      .map((s) => s.trim())
      .filter(Boolean);
    const ids: number[] = [];
    for (const key of listed) {
      const id = byKey.get(key.toLowerCase());
      if (id === undefined) report('locationUnknown', { location: key });
      else if (ctx.locationIds && !ctx.locationIds.includes(id)) report('locationNotSeen', { location: key });
      else ids.push(id);
    }
    // A limited member's invitees see at most what the member sees.
    const locationIds = listed.length ? [...new Set(ids)] : ctx.locationIds ? [...ctx.locationIds] : null;
    checked.push({
      email,
      firstName: names[0] ?? null,
      lastName: names[1] ?? null,
      role: role ?? 'analyst',
      locationIds,
    });
  }
  if (problems.length) rejectUpload(problems, language);

  const created = await db.transaction(async (tx) => {
    const out = [];
    for (const m of checked) out.push(await insertUser(tx, { ...m, companyId, status: 'invited' }));
    return out;
  });
  // Mails go out after the members exist; a failed delivery is recorded in the outbox and can be re-sent.
  for (const user of created) {
    await sendInvitation(
      { db, mailer: deps.mailer, publicUrl: deps.config.publicUrl },
      { user, companyName: ctx.company?.companyName ?? null, invitedBy: ctx.user, url },
    );
  }
  return { invited: created.length };
}
