import type { FastifyPluginAsync } from 'fastify';
import { login, logout, smsCode, tokenCheck } from './auth.api';

/** Sign-in by phone and a one-time code: api=sms_code, login, logout, token_check. */
export const authFeature: FastifyPluginAsync = async (app) => {
  app.apiHandlers.add({ sms_code: smsCode, login, logout, token_check: tokenCheck });
};
