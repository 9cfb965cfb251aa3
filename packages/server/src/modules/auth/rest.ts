import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { access, loginInput, switchBranchInput } from '@klinik/shared';
import { restRoute } from '../../http/rest.js';
import { SESSION_COOKIE } from '../../auth/session.js';
import * as service from './service.js';

function setSessionCookie(req: FastifyRequest, reply: FastifyReply, token: string, expiresAt: Date) {
  reply.setCookie(SESSION_COOKIE, token, {
    httpOnly: true,
    sameSite: 'lax',
    secure: req.protocol === 'https',
    path: '/',
    expires: expiresAt,
  });
}

export function authRest(app: FastifyInstance) {
  restRoute(app, {
    method: 'POST',
    url: '/api/auth/login',
    access: access.public,
    body: loginInput,
    async handler(ctx, { body }, req, reply) {
      const { token, expiresAt, user } = await service.login(ctx, body, {
        ip: req.ip,
        userAgent: req.headers['user-agent'],
      });
      setSessionCookie(req, reply, token, expiresAt);
      return { data: user };
    },
  });
  restRoute(app, {
    method: 'POST',
    url: '/api/auth/logout',
    access: access.public,
    async handler(ctx, _input, _req, reply) {
      await service.logout(ctx);
      reply.clearCookie(SESSION_COOKIE, { path: '/' });
      return { data: true };
    },
  });
  restRoute(app, {
    method: 'GET',
    url: '/api/auth/me',
    access: access.auth,
    async handler(ctx) {
      return { data: await service.me(ctx) };
    },
  });
  restRoute(app, {
    method: 'POST',
    url: '/api/profile/switch',
    access: access.auth,
    body: switchBranchInput,
    async handler(ctx, { body }) {
      return { data: await service.switchBranch(ctx, body.profile_id) };
    },
  });
}
