import { DomainError } from '@dolya/domain';
import { initTRPC } from '@trpc/server';
import type { AuthUser, Context } from './context';
import { toAppError } from './error-mapping';
import { AppError } from './errors';

const t = initTRPC.context<Context>().create({
  errorFormatter({ shape, error }) {
    const app = toAppError(error);
    return {
      code: shape.code,
      message: app.message,
      data: {
        code: shape.data.code,
        httpStatus: app.status,
        appCode: app.appCode,
        field: app.field ?? null,
        path: shape.data.path,
      },
    };
  },
});

export const router = t.router;
export const createCallerFactory = t.createCallerFactory;

/** Domain rule violations thrown inside a procedure become 400s with their own code, not 500s. */
const domainErrors = t.middleware(async ({ next }) => {
  const result = await next();
  if (!result.ok && result.error.cause instanceof DomainError) throw toAppError(result.error.cause);
  return result;
});

export const publicProcedure = t.procedure.use(domainErrors);

export const authedProcedure = publicProcedure.use(({ ctx, next }) => {
  if (!ctx.user) throw new AppError('UNAUTHORIZED', 'Sign in first');
  return next({ ctx: { ...ctx, user: ctx.user as AuthUser } });
});
