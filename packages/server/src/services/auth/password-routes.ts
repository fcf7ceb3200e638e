import {
  changePasswordBody,
  detailResponse,
  forgotPasswordBody,
  passwordTokenOwner,
  resetPasswordBody,
} from '@vigil/domain';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { requireActor } from '../../http/auth-hook.ts';
import { PASSWORD_TEXTS, passwordService } from './password-service.ts';
import type { SessionService } from './session-service.ts';

const tags = ['auth'];

export const passwordRoutes: FastifyPluginAsyncZod<{ sessions: SessionService }> = async (app, { sessions }) => {
  const passwords = passwordService(app, sessions);

  app.post(
    '/users/forgot-password',
    {
      config: { access: 'public' },
      schema: { tags, security: [], body: forgotPasswordBody, response: { 200: detailResponse } },
    },
    async (request) => {
      await passwords.forgotPassword(request.body.email, request.body.reset_password_link);
      return { detail: PASSWORD_TEXTS.forgotSent };
    },
  );

  app.get(
    '/users/reset-password',
    { config: { access: 'password-token' }, schema: { tags, response: { 200: passwordTokenOwner } } },
    async (request) => passwords.tokenOwner(requireActor(request).userId),
  );

  app.post(
    '/users/reset-password',
    {
      config: { access: 'password-token' },
      schema: { tags, body: resetPasswordBody, response: { 200: detailResponse } },
    },
    async (request) => {
      await passwords.resetPassword(requireActor(request), request.body.new_password);
      return { detail: PASSWORD_TEXTS.passwordSet };
    },
  );

  app.post(
    '/users/change-password',
    { config: { access: 'signed-in' }, schema: { tags, body: changePasswordBody, response: { 200: detailResponse } } },
    async (request) => {
      await passwords.changePassword(requireActor(request), request.body, request.ip);
      return { detail: PASSWORD_TEXTS.passwordChanged };
    },
  );
};
