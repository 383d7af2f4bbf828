import type { FastifyInstance } from 'fastify';
import type {
  ChatThread,
  JoinWaitListRequest,
  SendMessageRequest,
  WaitEntryResponse,
} from '../../src/shared/schemas.ts';
import { buildJoinRequest, idempotencyKey } from './factories.ts';
import type { TestApp } from './test-app.ts';

export interface JoinedCustomer {
  customerId: string;
  authorization: string;
  /** The raw token, for the realtime channel's auth message. */
  token: string;
  waitId: string;
  companyId: string;
  name: string;
  chatThreadKey: string;
}

/** A new anonymous customer who joins a business's wait list. */
export async function joinAsNewCustomer(
  t: TestApp,
  overrides: Partial<JoinWaitListRequest> = {},
  companyId = 'demo',
  /** Such as the page's language, which the app sends as Accept-Language. */
  headers: Record<string, string> = {},
): Promise<JoinedCustomer> {
  const { customerId, authorization } = await t.signIn();
  const request = buildJoinRequest(overrides);
  const response = await t.app.inject({
    method: 'POST',
    url: `/api/v1/companies/${companyId}/wait-list`,
    headers: { ...headers, authorization, 'idempotency-key': idempotencyKey() },
    payload: request,
  });
  if (response.statusCode !== 201) throw new Error(`join failed: ${response.statusCode} ${response.body}`);
  const { waitId } = response.json() as { waitId: string };
  const entry = await getWaitEntry(t.app, authorization, waitId, companyId);
  return {
    customerId,
    authorization,
    token: authorization.slice('Bearer '.length),
    waitId,
    companyId,
    name: request.name,
    chatThreadKey: entry.chatThreadKey,
  };
}

export async function getWaitEntry(
  app: FastifyInstance,
  authorization: string,
  waitId: string,
  companyId = 'demo',
): Promise<WaitEntryResponse> {
  const response = await app.inject({
    url: `/api/v1/companies/${companyId}/wait-list/${waitId}`,
    headers: { authorization },
  });
  if (response.statusCode !== 200)
    throw new Error(`GET wait entry failed: ${response.statusCode} ${response.body}`);
  return response.json() as WaitEntryResponse;
}

export async function getCustomerThread(app: FastifyInstance, customer: JoinedCustomer): Promise<ChatThread> {
  const response = await app.inject({
    url: `/api/v1/companies/${customer.companyId}/chat/${customer.waitId}`,
    headers: { authorization: customer.authorization },
  });
  if (response.statusCode !== 200)
    throw new Error(`GET chat failed: ${response.statusCode} ${response.body}`);
  return response.json() as ChatThread;
}

/** The spec's sendMessage payload for a customer's thread; override any field. */
export function buildSendMessage(
  customer: JoinedCustomer,
  overrides: Partial<SendMessageRequest> = {},
): SendMessageRequest {
  return {
    historyId: customer.waitId,
    companyId: customer.companyId,
    message: 'Hello',
    user: { id: customer.customerId, name: customer.name },
    notify: { id: 'business', name: 'Business' },
    chatNode: customer.chatThreadKey,
    ...overrides,
  };
}

/** POST /api/v1/functions/sendMessage as a customer (authorization) or staff (cookie + CSRF headers). */
export function sendMessage(app: FastifyInstance, headers: Record<string, string>, body: unknown) {
  return app.inject({
    method: 'POST',
    url: '/api/v1/functions/sendMessage',
    headers,
    payload: body as object,
  });
}

/** A new anonymous customer on the add-client page asks the demo's Maria (`mariaId`) for a cut. */
export async function requestMaria(
  t: TestApp,
  mariaId: string,
  phone: string,
): Promise<{ waitId: string; authorization: string; phone: string }> {
  const { authorization } = await t.signIn();
  const response = await t.app.inject({
    method: 'POST',
    url: '/api/v1/functions/addClient',
    headers: { authorization, 'idempotency-key': idempotencyKey() },
    payload: {
      spId: mariaId,
      spName: 'Maria Lopez',
      spSpeciality: 'Color & Cuts',
      companyId: 'demo',
      clientName: 'Rita Request',
      clientPhoneNumber: phone,
    },
  });
  if (response.statusCode !== 201)
    throw new Error(`addClient failed: ${response.statusCode} ${response.body}`);
  return { waitId: (response.json() as { waitId: string }).waitId, authorization, phone };
}
