/**
 * A local server that answers as Jira Cloud's REST API v3 does (tests and the demo): Basic auth with
 * email and API token, myself, projects paged by startAt/maxResults/isLast, the issue types of a
 * project, issue creation (201 `{id, key, self}`; a description that is not an ADF document, or an
 * unknown project or issue type, is a 400 with `errors`), and the JQL search of issue statuses.
 * Failures are injected through `failNext`.
 */
import { startApiKeyFake, type ApiKeyFake } from '../apiKeyFake';

export interface FakeJiraIssue {
  id: string;
  key: string;
  projectId: string;
  issueTypeId: string;
  summary: string;
  description: { type: string; version: number; content: unknown[] };
  labels: string[];
  status: string;
}

export interface FakeJira extends ApiKeyFake {
  email: string;
  token: string;
  issues: FakeJiraIssue[];
}

const PROJECTS = [
  { id: '10000', key: 'CS', name: 'Customer Service' },
  { id: '10001', key: 'OPS', name: 'Operations' },
  { id: '10002', key: 'WEB', name: 'Website' },
];
const TYPES = [
  { id: '10010', name: 'Task', subtask: false },
  { id: '10011', name: 'Bug', subtask: false },
  { id: '10012', name: 'Sub-task', subtask: true },
];

const ERRORS = {
  auth: { errorMessages: ['Client must be authenticated to access this resource.'], errors: {} },
  bad_request: { errorMessages: ['Bad request'], errors: {} },
  server_error: { errorMessages: ['Internal server error'], errors: {} },
  rate_limited: { errorMessages: ['Rate limit exceeded'], errors: {} },
};

export async function startFakeJira(opts: { port?: number; email?: string; token?: string } = {}): Promise<FakeJira> {
  const email = opts.email ?? 'dev@acme.test';
  const token = opts.token ?? 'jira-token-0123456789';
  const issues: FakeJiraIssue[] = [];
  const fake = await startApiKeyFake({
    port: opts.port,
    user: email,
    password: token,
    errorBody: (f) => ERRORS[f],
    routes: (req) => {
      if (req.method === 'GET' && req.path === '/rest/api/3/myself')
        return {
          status: 200,
          body: { accountId: '5b10a2844c20165700ede21g', displayName: 'Acme Dev', emailAddress: email },
        };
      if (req.method === 'GET' && req.path === '/rest/api/3/project/search') {
        const startAt = Number(req.query.get('startAt') ?? 0);
        const max = Math.min(2, Number(req.query.get('maxResults') ?? 50)); // small pages, so paging is exercised
        const values = PROJECTS.slice(startAt, startAt + max);
        return {
          status: 200,
          body: { startAt, maxResults: max, total: PROJECTS.length, isLast: startAt + max >= PROJECTS.length, values },
        };
      }
      if (req.method === 'GET' && req.path === '/rest/api/3/issuetype/project') {
        if (!PROJECTS.some((p) => p.id === req.query.get('projectId')))
          return { status: 404, body: { errorMessages: ['No project could be found with id'], errors: {} } };
        return { status: 200, body: TYPES };
      }
      if (req.method === 'POST' && req.path === '/rest/api/3/issue') {
        const f = (req.body as { fields?: Record<string, unknown> } | null)?.fields ?? {};
        const project = PROJECTS.find((p) => p.id === (f.project as { id?: string } | undefined)?.id);
        const type = TYPES.find((t) => t.id === (f.issuetype as { id?: string } | undefined)?.id);
        const description = f.description as FakeJiraIssue['description'] | undefined;
        const errors: Record<string, string> = {};
        if (!project) errors.project = 'valid project is required';
        if (!type) errors.issuetype = 'valid issue type is required';
        if (!f.summary) errors.summary = 'You must specify a summary of the issue.';
        if (description && (description.type !== 'doc' || description.version !== 1))
          errors.description = 'Operation value must be an Atlassian Document (see the Atlassian Document Format)';
        if (Object.keys(errors).length) return { status: 400, body: { errorMessages: [], errors } };
        const id = String(10100 + issues.length);
        const key = `${project!.key}-${issues.filter((i) => i.projectId === project!.id).length + 1}`;
        issues.push({
          id,
          key,
          projectId: project!.id,
          issueTypeId: type!.id,
          summary: String(f.summary),
          description: description!,
          labels: (f.labels as string[] | undefined) ?? [],
          status: 'To Do',
        });
        return { status: 201, body: { id, key, self: `${fake.url}/rest/api/3/issue/${id}` } };
      }
      if (req.method === 'POST' && req.path === '/rest/api/3/search/jql') {
        const jql = String((req.body as { jql?: string } | null)?.jql ?? '');
        const keys = (jql.match(/key in \(([^)]*)\)/)?.[1] ?? '').split(',').map((k) => k.trim());
        return {
          status: 200,
          body: {
            issues: issues
              .filter((i) => keys.includes(i.key))
              .map((i) => ({ id: i.id, key: i.key, fields: { status: { name: i.status } } })),
          },
        };
      }
      return null;
    },
  });
  return Object.assign(fake, { email, token, issues });
}
