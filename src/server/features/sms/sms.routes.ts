import formbody from '@fastify/formbody';
import type { FastifyInstance } from 'fastify';
import { z } from '../../../shared/schemas.ts';
import {
  textAsCustomerRequestSchema,
  textAsCustomerResponseSchema,
  textMessagesResponseSchema,
} from '../../../shared/staff-schemas.ts';
import { AppError } from '../../errors.ts';
import { withSchemas } from '../../http/route-schemas.ts';
import { staffFirst, staffOf } from '../../http/staff-auth.ts';
import { isValidTwilioSignature } from '../../sms/twilio.ts';
import type { StaffService } from '../staff/staff.service.ts';
import type { TextJoinService } from '../text-join/text-join.service.ts';
import type { SmsRepository, SmsStatus } from './sms.repository.ts';
import { withoutFeedbackToken } from './sms-texts.ts';

/** Twilio's MessageStatus values, in our words. */
const TWILIO_STATUS: Record<string, SmsStatus> = {
  queued: 'sent',
  accepted: 'sent',
  sending: 'sent',
  sent: 'sent',
  delivered: 'delivered',
  undelivered: 'undelivered',
  failed: 'failed',
};

/**
 * A webhook's fields, each a string. Twilio sends every field once (media come as MediaUrl0,
 * MediaUrl1…); a field given twice is parsed as a list, which no handler expects.
 */
function twilioParams(body: unknown): Record<string, string> {
  const params = body ?? {};
  const valid =
    typeof params === 'object' &&
    !Array.isArray(params) &&
    Object.values(params).every((value) => typeof value === 'string');
  if (!valid) throw new AppError('BAD_REQUEST', { message: 'Each field must be sent once, as text.' });
  return params as Record<string, string>;
}

/** The fields the webhooks read (Twilio sends more; each is checked by its signature first). */
const inboundTextSchema = z.object({
  From: z.optional(z.string()),
  Body: z.optional(z.string()),
  MessageSid: z.optional(z.string()),
});
const deliveryStatusSchema = z.object({
  MessageSid: z.optional(z.string()),
  MessageStatus: z.optional(z.string()),
  ErrorCode: z.optional(z.string()),
});

const EMPTY_TWIML = '<?xml version="1.0" encoding="UTF-8"?><Response></Response>';

export function registerSmsRoutes(
  app: FastifyInstance,
  deps: {
    /** Every text from a phone: a join by text, else sms.receive (text-join.service.ts). */
    inbound: Pick<TextJoinService, 'receive' | 'mayTextAs'>;
    repository: SmsRepository;
    staff: StaffService;
    driver: 'outbox' | 'twilio' | 'fake';
    twilioAuthToken: string | undefined;
    publicUrl: string;
  },
) {
  const { inbound, repository, staff } = deps;

  void app.register(async (twilio) => {
    await twilio.register(formbody);

    /**
     * Refuses anything Twilio did not sign: X-Twilio-Signature over PUBLIC_URL + the path, over
     * every field sent. Before the fields are validated: an unsigned request learns nothing else.
     */
    twilio.addHook('preValidation', async (request) => {
      const params = twilioParams(request.body);
      const url = `${deps.publicUrl}${request.url}`;
      const signature = request.headers['x-twilio-signature'];
      if (
        !deps.twilioAuthToken ||
        !isValidTwilioSignature(
          deps.twilioAuthToken,
          url,
          params,
          typeof signature === 'string' ? signature : undefined,
        )
      ) {
        throw new AppError('FORBIDDEN');
      }
    });

    /** A text from a customer. Answers go out through the outbox, so the TwiML stays empty. */
    withSchemas(twilio).post(
      '/api/sms/twilio',
      {
        // What Twilio sends and reads (OpenAPI says so): a form, and TwiML back.
        schema: {
          body: inboundTextSchema,
          response: { 200: z.string() },
          consumes: ['application/x-www-form-urlencoded'],
          produces: ['text/xml'],
        },
      },
      async (request, reply) => {
        const params = request.body;
        // One Twilio number serves every business of the install.
        await inbound.receive(
          { from: params.From ?? '', body: params.Body ?? '', providerMessageId: params.MessageSid ?? null },
          'shared-number',
        );
        return reply.type('text/xml').send(EMPTY_TWIML);
      },
    );

    /** Delivery status of a text we sent. */
    withSchemas(twilio).post(
      '/api/sms/twilio/status',
      {
        schema: {
          body: deliveryStatusSchema,
          response: { 204: z.undefined() },
          consumes: ['application/x-www-form-urlencoded'],
        },
      },
      async (request, reply) => {
        const params = request.body;
        const status = TWILIO_STATUS[params.MessageStatus ?? ''];
        if (params.MessageSid && status) {
          const error = params.ErrorCode ? `Twilio error ${params.ErrorCode}` : null;
          await repository.updateDeliveryStatus(params.MessageSid, status, error);
        }
        return reply.status(204).send();
      },
    );
  });

  /**
   * The console's "Text messages" page: every text of the business, newest first. Owner and front
   * desk: it lists every customer's number, which a provider sees only for their own customers.
   */
  const routes = withSchemas(app);
  routes.get(
    '/api/v1/staff/sms',
    {
      ...staffFirst(staff, 'owner', 'front_desk'),
      schema: { response: { 200: textMessagesResponseSchema } },
    },
    async (request) => {
      const principal = staffOf(request);
      const texts = await repository.listForCompany(principal.companyId, 200);
      return {
        driver: deps.driver,
        messages: texts.map((text) => ({
          ...text,
          body:
            text.kind === 'feedback' && principal.role !== 'owner'
              ? withoutFeedbackToken(text.body)
              : text.body,
          createdAt: new Date(text.createdAt).toISOString(),
        })),
      };
    },
  );

  /**
   * Outbox driver only: answer as the customer, as if they had replied to this business's text,
   * or text the business as a new number (a join by text). It acts within this business alone
   * (its chat, its opt-outs): in the outbox each business texts from a number of its own.
   */
  routes.post(
    '/api/v1/staff/sms/reply',
    {
      ...staffFirst(staff, 'owner', 'front_desk'),
      schema: { body: textAsCustomerRequestSchema, response: { 201: textAsCustomerResponseSchema } },
    },
    async (request, reply) => {
      const principal = staffOf(request);
      if (deps.driver === 'twilio')
        throw new AppError('FORBIDDEN', { message: 'Real customers answer from their phones.' });
      const { phoneNumber, body } = request.body;
      if (!(await inbound.mayTextAs(principal.companyId, phoneNumber))) throw new AppError('FORBIDDEN');
      const outcome = await inbound.receive(
        { from: phoneNumber, body, providerMessageId: null },
        { companyId: principal.companyId },
      );
      return reply.status(201).send({ outcome });
    },
  );
}
