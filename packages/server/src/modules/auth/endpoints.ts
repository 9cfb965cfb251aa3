import type { FastifyReply, FastifyRequest } from 'fastify';
import { access, loginInput, switchBranchInput } from '@klinik/shared';
import { mutation, query, restOnly } from '../../http/endpoint.js';
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

/** Sign-in and sign-out go through REST (they set the cookie); the app reads the session and switches branch. */
export const authEndpoints = {
  login: restOnly({
    summary: 'Masuk (cookie sesi klinik_session)',
    access: access.public,
    input: loginInput,
    rest: { method: 'POST', path: '/api/auth/login' },
    async handler(ctx, input, { req, reply }) {
      const { token, expiresAt, user } = await service.login(ctx, input, {
        ip: req.ip,
        userAgent: req.headers['user-agent'],
      });
      setSessionCookie(req, reply, token, expiresAt);
      return user;
    },
  }),
  logout: restOnly({
    summary: 'Keluar',
    access: access.public,
    rest: { method: 'POST', path: '/api/auth/logout' },
    async handler(ctx, _input, { reply }) {
      await service.logout(ctx);
      reply.clearCookie(SESSION_COOKIE, { path: '/' });
      return true;
    },
  }),
  me: query({
    summary: 'Pengguna sesi ini dan cabang aktifnya',
    access: access.auth,
    rest: { method: 'GET', path: '/api/auth/me', memoJson: true },
    handler: (ctx) => service.me(ctx),
  }),
  switchBranch: mutation({
    summary: 'Pindah cabang (pengguna pusat)',
    access: access.auth,
    input: switchBranchInput,
    rest: { method: 'POST', path: '/api/profile/switch' },
    handler: (ctx, input) => service.switchBranch(ctx, input.profile_id),
  }),
};
