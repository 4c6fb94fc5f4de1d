// The ten operations of the API (spec §4), each with its method and path. The only place where
// an address of the API is written down: checks name an operation, never a URL.

export const operations = {
  listConversations: { method: 'GET', path: '/v1/conversations', spec: '§4.1' },
  createConversation: { method: 'POST', path: '/v1/conversations', spec: '§4.1' },
  retrieveConversation: { method: 'GET', path: '/v1/conversations/:id', spec: '§4.1' },
  updateConversation: { method: 'PUT', path: '/v1/conversations/:id', spec: '§4.1' },
  deleteConversation: { method: 'DELETE', path: '/v1/conversations/:id', spec: '§4.1' },
  listGroups: { method: 'GET', path: '/v1/groups', spec: '§4.2' },
  createGroup: { method: 'POST', path: '/v1/groups', spec: '§4.2' },
  retrieveGroup: { method: 'GET', path: '/v1/groups/:id', spec: '§4.2' },
  updateGroup: { method: 'PUT', path: '/v1/groups/:id', spec: '§4.2' },
  deleteGroup: { method: 'DELETE', path: '/v1/groups/:id', spec: '§4.2' },
} as const;

export type OperationName = keyof typeof operations;
export type HttpMethod = (typeof operations)[OperationName]['method'];

export function operationPath(name: OperationName, id?: string): string {
  const template: string = operations[name].path;
  if (!template.includes(':id')) return template;
  if (id === undefined) throw new Error(`${name} needs an id`);
  return template.replace(':id', encodeURIComponent(id));
}

export type QueryValue = string | number | boolean | undefined;

export function buildUrl(baseUrl: string, path: string, query: Record<string, QueryValue> = {}): string {
  const url = new URL(baseUrl + path);
  for (const [key, value] of Object.entries(query)) {
    if (value !== undefined) url.searchParams.append(key, String(value));
  }
  return url.toString();
}
