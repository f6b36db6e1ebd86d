import { access, actingOf } from '../../platform/access';
import { scopeCompanyId } from '../../platform/companyScope';
import type { App, AppDeps } from '../../platform/deps';
import { notFound } from '../../platform/errors';
import { xlsxFile } from '../../platform/openapi';
import { totalPages } from '../../platform/paging';
import { accessTokenFromQuery, sendWorkbook } from '../statistics/excel';
import { listExcel, suppressionsExcel } from './exports';
import { languageOf, t } from '../../platform/i18n';
import { deleteList, insertList, listLists, listMembers, removeMember, renameList } from './repository';
import {
  addedContactSchema,
  contactInput,
  contactPageSchema,
  contactPatch,
  contactSchema,
  exportQuery,
  listIdParams,
  listInput,
  listPageSchema,
  listPatch,
  listQuery,
  listSchema,
  memberParams,
  messageSchema,
  suppressionExportQuery,
  suppressionInput,
  suppressionPageSchema,
  suppressionParams,
  suppressionQuery,
  suppressionSchema,
  uploadInput,
  uploadReportSchema,
} from './schemas';
import {
  addContact,
  changeContact,
  getContact,
  getList,
  removeContact,
  serializeContact,
  serializeList,
  suppressionAddress,
} from './service';
import { addSuppression, findSuppression, listSuppressions, removeSuppression } from './suppressions.repository';
import { contactsExampleFile, uploadContacts } from './upload';

/**
 * Feedback › Lists: contact lists, their contacts (by hand and uploaded) and the suppression list,
 * gated by the Feedback feature. Everyone of the company reads (Analysts only read); the full-settings
 * roles change lists and contacts and suppress an address; only the admin roles take an address
 * off the suppression list, since that lets campaigns write to someone who asked them not to.
 */
const tags = ['feedback lists'];
const feature = { company: true, feature: 'feedback' } as const;
const read = access.signedIn(feature);
const write = access.roles(['owner', 'partner', 'master_admin', 'manager'], feature);
const resubscribe = access.roles(['owner', 'partner', 'master_admin'], feature);
const today = () => new Date().toISOString().slice(0, 10);
const slug = (name: string) => name.replace(/[^\w-]+/g, '-').slice(0, 40) || 'list';

function listRoutes(app: App, { db }: AppDeps): void {
  app.get(
    '/v2/api/feedback/lists',
    {
      config: { access: read },
      schema: {
        tags,
        summary: 'Contact lists, newest first, with their contact counts, paged',
        querystring: listQuery,
        response: { 200: listPageSchema },
      },
    },
    async (request) => {
      const { page, per_page, search } = request.query;
      const { rows, total } = await listLists(db, scopeCompanyId(actingOf(request)), search?.trim() || undefined, {
        limit: per_page,
        offset: (page - 1) * per_page,
      });
      return { data: rows.map(serializeList), page, per_page, total, total_pages: totalPages(total, per_page) };
    },
  );

  app.post(
    '/v2/api/feedback/lists',
    {
      config: { access: write, writes: 'none' },
      schema: { tags, summary: 'Create a contact list', body: listInput, response: { 201: listSchema } },
    },
    async (request, reply) => {
      const ctx = actingOf(request);
      const id = await insertList(db, scopeCompanyId(ctx), request.body.name);
      return reply.status(201).send(serializeList(await getList(db, ctx, id)));
    },
  );

  app.get(
    '/v2/api/feedback/lists/upload/example',
    {
      config: { access: read },
      onRequest: accessTokenFromQuery,
      schema: { tags, summary: 'Example contacts upload file (.xlsx)', querystring: exportQuery, response: xlsxFile },
    },
    async (request, reply) =>
      sendWorkbook(reply, 'contacts-example.xlsx', await contactsExampleFile(await languageOf(request))),
  );

  app.get(
    '/v2/api/feedback/lists/:id',
    {
      config: { access: read },
      schema: { tags, summary: 'One contact list with its count', params: listIdParams, response: { 200: listSchema } },
    },
    async (request) => serializeList(await getList(db, actingOf(request), request.params.id)),
  );

  app.patch(
    '/v2/api/feedback/lists/:id',
    {
      config: { access: write, writes: 'none' },
      schema: {
        tags,
        summary: 'Rename a contact list',
        params: listIdParams,
        body: listPatch,
        response: { 200: listSchema },
      },
    },
    async (request) => {
      const ctx = actingOf(request);
      if (
        request.body.name !== undefined &&
        !(await renameList(db, scopeCompanyId(ctx), request.params.id, request.body.name))
      )
        throw notFound('List not found');
      return serializeList(await getList(db, ctx, request.params.id));
    },
  );

  app.delete(
    '/v2/api/feedback/lists/:id',
    {
      config: { access: write, writes: 'none' },
      schema: {
        tags,
        summary: 'Delete a contact list (its contacts stay, in other lists and for campaigns)',
        params: listIdParams,
        response: { 200: messageSchema },
      },
    },
    async (request) => {
      if (!(await deleteList(db, scopeCompanyId(actingOf(request)), request.params.id)))
        throw notFound('List not found');
      return { message: t(await languageOf(request), 'notices:contacts.listDeleted') };
    },
  );

  app.get(
    '/v2/api/feedback/lists/:id/export',
    {
      config: { access: read },
      onRequest: accessTokenFromQuery,
      schema: {
        tags,
        summary: "Excel export of a list's contacts (the upload's columns first), streamed",
        params: listIdParams,
        querystring: exportQuery,
        response: xlsxFile,
      },
    },
    async (request, reply) => {
      const list = await getList(db, actingOf(request), request.params.id);
      return sendWorkbook(reply, `${slug(list.name)}-${today()}.xlsx`, listExcel(db, list.companyId, list.id));
    },
  );

  app.post(
    '/v2/api/feedback/lists/:id/upload',
    {
      config: { access: write, writes: 'none' },
      bodyLimit: 15 * 1024 * 1024,
      schema: {
        tags,
        summary:
          'Upload contacts into a list from an .xlsx or .csv file (base64): added, merged (same email or phone) and rejected rows with their reasons',
        params: listIdParams,
        body: uploadInput,
        response: { 200: uploadReportSchema },
      },
    },
    async (request) =>
      uploadContacts(
        db,
        actingOf(request),
        request.params.id,
        request.body.filename,
        request.body.content,
        await languageOf(request),
      ),
  );
}

function contactRoutes(app: App, { db }: AppDeps): void {
  app.get(
    '/v2/api/feedback/lists/:id/contacts',
    {
      config: { access: read },
      schema: {
        tags,
        summary: "A list's contacts, newest first, found by name, email or phone, with whether each is suppressed",
        params: listIdParams,
        querystring: listQuery,
        response: { 200: contactPageSchema },
      },
    },
    async (request) => {
      const { page, per_page, search } = request.query;
      const list = await getList(db, actingOf(request), request.params.id);
      const { rows, total } = await listMembers(db, list.companyId, list.id, search?.trim() || undefined, {
        limit: per_page,
        offset: (page - 1) * per_page,
      });
      return { data: rows.map(serializeContact), page, per_page, total, total_pages: totalPages(total, per_page) };
    },
  );

  app.post(
    '/v2/api/feedback/lists/:id/contacts',
    {
      config: { access: write, writes: 'none' },
      schema: {
        tags,
        summary:
          'Add a contact to a list by hand; a contact with the same email or phone is filled in (merged) instead of repeated',
        params: listIdParams,
        body: contactInput,
        response: { 201: addedContactSchema },
      },
    },
    async (request, reply) => {
      const { contact, merged } = await addContact(db, actingOf(request), request.params.id, request.body);
      return reply.status(201).send({ contact: serializeContact(contact), merged });
    },
  );

  app.delete(
    '/v2/api/feedback/lists/:id/contacts/:contactId',
    {
      config: { access: write, writes: 'none' },
      schema: {
        tags,
        summary: 'Take a contact out of a list (the contact stays)',
        params: memberParams,
        response: { 200: messageSchema },
      },
    },
    async (request) => {
      const list = await getList(db, actingOf(request), request.params.id);
      if (!(await removeMember(db, list.id, request.params.contactId)))
        throw notFound('Contact not found in this list');
      return { message: t(await languageOf(request), 'notices:contacts.removedFromList') };
    },
  );

  app.get(
    '/v2/api/feedback/contacts/:id',
    {
      config: { access: read },
      schema: { tags, summary: 'One contact', params: listIdParams, response: { 200: contactSchema } },
    },
    async (request) => serializeContact(await getContact(db, actingOf(request), request.params.id)),
  );

  app.patch(
    '/v2/api/feedback/contacts/:id',
    {
      config: { access: write, writes: 'none' },
      schema: {
        tags,
        summary: "Change a contact (only the fields sent); another contact's email or phone answers 409",
        params: listIdParams,
        body: contactPatch,
        response: { 200: contactSchema },
      },
    },
    async (request) => serializeContact(await changeContact(db, actingOf(request), request.params.id, request.body)),
  );

  app.delete(
    '/v2/api/feedback/contacts/:id',
    {
      config: { access: write, writes: 'none' },
      schema: {
        tags,
        summary: 'Delete a contact from every list',
        params: listIdParams,
        response: { 200: messageSchema },
      },
    },
    async (request) => {
      await removeContact(db, actingOf(request), request.params.id);
      return { message: t(await languageOf(request), 'notices:contacts.deleted') };
    },
  );
}

const serializeSuppression = (s: { channel: string; address: string; reason: string; createdAt: Date }) => ({
  channel: s.channel as 'email' | 'sms',
  address: s.address,
  reason: s.reason,
  created_at: s.createdAt.toISOString(),
});

function suppressionRoutes(app: App, { db }: AppDeps): void {
  app.get(
    '/v2/api/feedback/suppressions',
    {
      config: { access: read },
      schema: {
        tags,
        summary: 'The suppression list (unsubscribed, bounced, complained, STOP, added by hand), newest first, paged',
        querystring: suppressionQuery,
        response: { 200: suppressionPageSchema },
      },
    },
    async (request) => {
      const { page, per_page, search, channel } = request.query;
      const { rows, total } = await listSuppressions(
        db,
        scopeCompanyId(actingOf(request)),
        { search: search?.trim() || undefined, channel },
        { limit: per_page, offset: (page - 1) * per_page },
      );
      return { data: rows.map(serializeSuppression), page, per_page, total, total_pages: totalPages(total, per_page) };
    },
  );

  app.get(
    '/v2/api/feedback/suppressions/export',
    {
      config: { access: read },
      onRequest: accessTokenFromQuery,
      schema: {
        tags,
        summary: 'Excel export of the suppression list, streamed',
        querystring: suppressionExportQuery,
        response: xlsxFile,
      },
    },
    async (request, reply) =>
      sendWorkbook(
        reply,
        `suppressions-${today()}.xlsx`,
        suppressionsExcel(
          db,
          scopeCompanyId(actingOf(request)),
          { channel: request.query.channel },
          await languageOf(request),
        ),
      ),
  );

  app.post(
    '/v2/api/feedback/suppressions',
    {
      config: { access: write, writes: 'none' },
      schema: {
        tags,
        summary:
          'Suppress an address by hand (a customer asked by phone): email lower-cased, phone in E.164; one already suppressed keeps its reason',
        body: suppressionInput,
        response: { 201: suppressionSchema },
      },
    },
    async (request, reply) => {
      const ctx = actingOf(request);
      const address = suppressionAddress(ctx, request.body.channel, request.body.address);
      await addSuppression(db, scopeCompanyId(ctx), request.body.channel, address, 'manual');
      const row = await findSuppression(db, scopeCompanyId(ctx), request.body.channel, address);
      return reply.status(201).send(serializeSuppression(row!));
    },
  );

  app.delete(
    '/v2/api/feedback/suppressions/:channel/:address',
    {
      config: { access: resubscribe, writes: 'none' },
      schema: {
        tags,
        summary:
          'Take an address off the suppression list (re-subscribe): Owner, Partner and Master Admin only, when the customer asked for it',
        params: suppressionParams,
        response: { 200: messageSchema },
      },
    },
    async (request) => {
      const ctx = actingOf(request);
      const address = suppressionAddress(ctx, request.params.channel, request.params.address);
      if (!(await removeSuppression(db, scopeCompanyId(ctx), request.params.channel, address)))
        throw notFound('This address is not suppressed');
      return { message: t(await languageOf(request), 'notices:contacts.unsuppressed') };
    },
  );
}

export function contactsRoutes(app: App, deps: AppDeps): void {
  listRoutes(app, deps);
  contactRoutes(app, deps);
  suppressionRoutes(app, deps);
}
