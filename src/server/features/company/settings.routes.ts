import type { FastifyInstance } from 'fastify';
import { LOGO_UPLOAD } from '../../../shared/constants.ts';
import { feedbackSettingsRequestSchema } from '../../../shared/feedback-schemas.ts';
import { uuidSchema, z } from '../../../shared/schemas.ts';
import {
  businessSettingsSchema,
  companySettingsRequestSchema,
  joinFieldsSettingsRequestSchema,
  partySizeSettingsRequestSchema,
  providerSettingsRequestSchema,
  servicesSettingsRequestSchema,
} from '../../../shared/staff-schemas.ts';
import { withSchemas } from '../../http/route-schemas.ts';
import { staffFirst, staffOf } from '../../http/staff-auth.ts';
import type { StaffService } from '../staff/staff.service.ts';
import type { SettingsService } from './settings.service.ts';

const providerParamsSchema = z.object({
  providerId: uuidSchema('Unknown provider'),
});
/** Where a leaving provider's waiting customers go: another provider's id; left out, anyone. */
const removeProviderQuerySchema = z.object({
  moveTo: z.optional(uuidSchema('Unknown provider')),
});

/** Settings are the owner's: front desk and providers neither read nor change them (docs/people.md). */
export function registerSettingsRoutes(
  app: FastifyInstance,
  deps: { settings: SettingsService; staff: StaffService },
) {
  const { settings, staff } = deps;
  const routes = withSchemas(app);
  const ownerOnly = staffFirst(staff, 'owner');
  const answer = { 200: businessSettingsSchema };

  routes.get('/api/v1/staff/settings', { ...ownerOnly, schema: { response: answer } }, async (request) =>
    settings.getSettings(staffOf(request).companyId),
  );

  /**
   * One part of the settings, changed by the owner: the body checked by its schema, the whole
   * settings answered (the console's form shows what was saved).
   */
  function putOwnerSetting<Schema extends z.ZodMiniType>(
    path: string,
    schema: Schema,
    update: (companyId: string, body: z.infer<Schema>) => Promise<void>,
  ) {
    routes.put(path, { ...ownerOnly, schema: { body: schema, response: answer } }, async (request) => {
      const { companyId } = staffOf(request);
      await update(companyId, request.body as z.infer<Schema>);
      return settings.getSettings(companyId);
    });
  }

  putOwnerSetting('/api/v1/staff/settings/company', companySettingsRequestSchema, settings.updateCompany);
  /** Feedback after the visit (docs/feedback.md): whether to text a rating link, and the review link. */
  putOwnerSetting('/api/v1/staff/settings/feedback', feedbackSettingsRequestSchema, settings.updateFeedback);
  /** Questions when customers join (docs/join-fields.md): at most three, in order. */
  putOwnerSetting(
    '/api/v1/staff/settings/join-fields',
    joinFieldsSettingsRequestSchema,
    settings.updateJoinFields,
  );
  /** Largest party (docs/party-size.md): 1 to 8; 1 and the join form does not ask. */
  putOwnerSetting(
    '/api/v1/staff/settings/party-size',
    partySizeSettingsRequestSchema,
    settings.updateLargestParty,
  );
  putOwnerSetting('/api/v1/staff/settings/services', servicesSettingsRequestSchema, settings.replaceServices);

  routes.post(
    '/api/v1/staff/settings/providers',
    {
      ...ownerOnly,
      schema: { body: providerSettingsRequestSchema, response: { 201: businessSettingsSchema } },
    },
    async (request, reply) => {
      const { companyId } = staffOf(request);
      await settings.addProvider(companyId, request.body);
      reply.status(201);
      return settings.getSettings(companyId);
    },
  );

  routes.put(
    '/api/v1/staff/settings/providers/:providerId',
    {
      ...ownerOnly,
      schema: { params: providerParamsSchema, body: providerSettingsRequestSchema, response: answer },
    },
    async (request) => {
      const { companyId } = staffOf(request);
      await settings.updateProvider(companyId, request.params.providerId, request.body);
      return settings.getSettings(companyId);
    },
  );

  routes.delete(
    '/api/v1/staff/settings/providers/:providerId',
    {
      ...ownerOnly,
      schema: { params: providerParamsSchema, querystring: removeProviderQuerySchema, response: answer },
    },
    async (request) => {
      const { companyId } = staffOf(request);
      await settings.removeProvider(companyId, request.params.providerId, request.query.moveTo ?? null);
      return settings.getSettings(companyId);
    },
  );

  // The logo in a scope of its own, where a body of any type is read as bytes: the route looks at
  // the content, not the label, and says in words what is wrong with a GIF or a mislabelled file.
  // A file the browser has no type for (no extension, .jfif, .heic on some systems) goes as
  // application/octet-stream, which was answered "The request could not be understood." No
  // bodyLimit on the parser: the route sets its own.
  void app.register(async (logo) => {
    logo.addContentTypeParser('*', { parseAs: 'buffer' }, (_request, body, done) => done(null, body));
    // The body is the image's bytes, checked by the route (logo-image.ts): no body schema.
    withSchemas(logo).put(
      '/api/v1/staff/settings/logo',
      { ...ownerOnly, bodyLimit: LOGO_UPLOAD.maxBytes, schema: { response: answer } },
      async (request) => {
        const { companyId } = staffOf(request);
        await settings.saveLogo(companyId, Buffer.isBuffer(request.body) ? request.body : Buffer.alloc(0));
        return settings.getSettings(companyId);
      },
    );
  });
}
