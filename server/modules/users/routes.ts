import type { FastifyPluginAsync } from 'fastify';
import dataExportRoutes from './data-export-routes';
import passwordResetRoutes from './password-reset-routes';
import profileRoutes from './profile-routes';
import signInRoutes from './sign-in-routes';
import signOutRoutes from './sign-out-routes';

/** The users module: accounts, sessions and profiles. Registered in this order, as /docs lists them. */
const usersRoutes: FastifyPluginAsync = async (app) => {
  await app.register(signInRoutes);
  await app.register(profileRoutes);
  await app.register(signOutRoutes);
  await app.register(passwordResetRoutes);
  await app.register(dataExportRoutes);
};

export default usersRoutes;
