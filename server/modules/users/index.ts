import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import type { UsersApi } from '../../lib/module-apis';
import { loadClientUser } from './client-user';

/** What the users module offers the others, decorated as `app.users` (lib/module-apis.ts). */
async function usersApi(app: FastifyInstance): Promise<void> {
  const api: UsersApi = { clientUser: (studentId, origin) => loadClientUser(app.db, studentId, origin) };
  app.decorate('users', api);
}

export default fp(usersApi, { name: 'users-api', fastify: '5.x' });
