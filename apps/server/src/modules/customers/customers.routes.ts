import { Readable } from 'node:stream';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { stringify } from 'csv-stringify';
import {
  customerDetailSchema,
  customerKeySchema,
  customerListQuery,
  customerSchema,
  hasPermission,
  internalNoteInput,
  internalNoteSchema,
  pagedSchema,
} from '@zevar/domain';
import type { AppContext } from '../../context';
import { currentUser, type Access, type AuthUser } from '../../plugins/auth';
import { createCustomersService, type ContactView } from './customers.service';

/** Order managers and detail viewers read customers; only order managers write notes. */
const readers: Access = { anyPermission: ['MANAGE_ORDERS', 'VIEW_DETAILS'] };
const writers = { permission: 'MANAGE_ORDERS' } as const;
const tags = ['customers'];
const security = [{ bearer: [] }];
const keyParams = z.object({ key: customerKeySchema });

/** Contact data in full for order managers; masked for those who only view details. */
const viewOf = (user: AuthUser): ContactView =>
  hasPermission(user.roles, 'MANAGE_ORDERS') ? 'full' : 'masked';

export const customersRoutes =
  (ctx: AppContext): FastifyPluginAsyncZod =>
  async (app) => {
    const service = createCustomersService(ctx);

    app.get(
      '/customers',
      {
        config: { access: readers },
        schema: {
          tags,
          security,
          querystring: customerListQuery,
          response: { 200: pagedSchema(customerSchema) },
        },
      },
      async (req) => service.list(req.query, viewOf(currentUser(req))),
    );

    app.get(
      '/customers/download',
      {
        config: { access: readers },
        schema: {
          tags,
          security,
          description: 'Every matching customer as CSV (the list’s search and sort).',
          querystring: customerListQuery.omit({ page: true, size: true }),
        },
      },
      async (req, reply) => {
        const rows = Readable.from(service.csvRows(req.query, viewOf(currentUser(req))));
        // escape_formulas: a name like '=HYPERLINK(…)' is text in a spreadsheet, never a formula.
        const csv = rows.pipe(stringify({ escape_formulas: true, bom: true }));
        return reply
          .header('content-type', 'text/csv; charset=utf-8')
          .header('content-disposition', 'attachment; filename="customers.csv"')
          .send(csv);
      },
    );

    app.get(
      '/customers/:key',
      {
        config: { access: readers },
        schema: { tags, security, params: keyParams, response: { 200: customerDetailSchema } },
      },
      async (req) => {
        const user = currentUser(req);
        return service.detail(req.params.key, viewOf(user), hasPermission(user.roles, 'MANAGE_ORDERS'));
      },
    );

    app.post(
      '/customers/:key/notes',
      {
        config: { access: writers },
        schema: {
          tags,
          security,
          params: keyParams,
          description: 'Records an internal note on the customer (never shown to shoppers or vendors).',
          body: internalNoteInput,
          response: { 201: internalNoteSchema },
        },
      },
      async (req, reply) => {
        const user = currentUser(req);
        const note = await service.addNote(req.params.key, req.body.body, { id: user.id, name: user.name });
        return reply.status(201).send(note);
      },
    );
  };
