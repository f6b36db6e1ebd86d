/**
 * Jira Cloud REST API v3 (https://developer.atlassian.com/cloud/jira/platform/rest/v3/): HTTP Basic
 * auth with the account's email and an API token. Calls used: `GET /rest/api/3/myself`, `GET
 * /rest/api/3/project/search` (paged by startAt / maxResults / isLast), `GET
 * /rest/api/3/issuetype/project?projectId=`, `POST /rest/api/3/issue` (the description in Atlassian
 * Document Format), `POST /rest/api/3/search/jql` for the statuses of linked issues.
 * The address is the company's site (https://{name}.atlassian.net) unless JIRA_BASE_URL says otherwise.
 */
import { basicAuth, callJson, type HttpSettings } from '../apiKeyHttp';

export interface JiraAccount {
  baseUrl: string;
  email: string;
  apiToken: string;
}

export interface JiraProject {
  id: string;
  key: string;
  name: string;
}

export interface JiraIssueType {
  id: string;
  name: string;
}

/** A node of an Atlassian Document Format document. */
export type AdfNode = { type: string; text?: string; content?: AdfNode[]; marks?: { type: string; attrs?: object }[] };

/** Paragraphs of plain text, a line each; a `link` paragraph becomes a link mark. */
export function adfDocument(paragraphs: (string | { text: string; href: string })[]): AdfNode & { version: 1 } {
  return {
    type: 'doc',
    version: 1,
    content: paragraphs.map((p) => ({
      type: 'paragraph',
      content:
        typeof p === 'string'
          ? p
            ? [{ type: 'text', text: p }]
            : []
          : [{ type: 'text', text: p.text, marks: [{ type: 'link', attrs: { href: p.href } }] }],
    })),
  };
}

/** The site's address from what a user typed: acme, acme.atlassian.net or https://acme.atlassian.net/. */
export function jiraSiteUrl(site: string): string | null {
  const trimmed = site.trim().replace(/\/+$/, '');
  const host = trimmed.replace(/^https?:\/\//i, '');
  const name = host.includes('.') ? host.match(/^([a-z0-9][a-z0-9-]*)\.atlassian\.net$/i)?.[1] : host;
  return name && /^[a-z0-9][a-z0-9-]{0,62}$/i.test(name) ? `https://${name.toLowerCase()}.atlassian.net` : null;
}

export function jiraClient(account: JiraAccount, opts: { timeoutMs: number; retryMs: number }) {
  const s: HttpSettings = {
    name: 'Jira',
    baseUrl: account.baseUrl,
    authorization: basicAuth(account.email, account.apiToken),
    ...opts,
  };
  return {
    myself: () =>
      callJson<{ accountId: string; displayName: string; emailAddress?: string }>(s, 'GET', '/rest/api/3/myself'),
    async projects(): Promise<JiraProject[]> {
      const out: JiraProject[] = [];
      for (let startAt = 0; out.length < 1000;) {
        const page = await callJson<{ values: JiraProject[]; isLast?: boolean; maxResults: number }>(
          s,
          'GET',
          `/rest/api/3/project/search?startAt=${startAt}&maxResults=50&orderBy=name`,
        );
        out.push(...page.values.map((p) => ({ id: String(p.id), key: p.key, name: p.name })));
        if (page.isLast !== false || page.values.length === 0) break;
        startAt += page.values.length;
      }
      return out;
    },
    async issueTypes(projectId: string): Promise<JiraIssueType[]> {
      const types = await callJson<{ id: string; name: string; subtask?: boolean }[]>(
        s,
        'GET',
        `/rest/api/3/issuetype/project?projectId=${encodeURIComponent(projectId)}`,
      );
      return types.filter((t) => !t.subtask).map((t) => ({ id: String(t.id), name: t.name }));
    },
    createIssue: (input: {
      projectId: string;
      issueTypeId: string;
      summary: string;
      description: AdfNode;
      labels: string[];
    }) =>
      callJson<{ id: string; key: string; self: string }>(s, 'POST', '/rest/api/3/issue', {
        fields: {
          project: { id: input.projectId },
          issuetype: { id: input.issueTypeId },
          summary: input.summary,
          description: input.description,
          labels: input.labels,
        },
      }),
    /** Status names of issues by key (missing: deleted or not visible). */
    async statuses(keys: readonly string[]): Promise<Map<string, string>> {
      const out = new Map<string, string>();
      for (let i = 0; i < keys.length; i += 100) {
        const answer = await callJson<{ issues: { key: string; fields: { status?: { name: string } } }[] }>(
          s,
          'POST',
          '/rest/api/3/search/jql',
          { jql: `key in (${keys.slice(i, i + 100).join(',')})`, fields: ['status'], maxResults: 100 },
        );
        for (const issue of answer.issues ?? []) if (issue.fields.status) out.set(issue.key, issue.fields.status.name);
      }
      return out;
    },
  };
}

export const jiraIssuePage = (siteUrl: string, key: string) => `${siteUrl}/browse/${key}`;
