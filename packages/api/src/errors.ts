import { type TRPC_ERROR_CODE_KEY, TRPCError } from '@trpc/server';

/** Every error code the API can answer with, and its HTTP status in the REST facade. */
export const errorStatus = {
  VALIDATION_ERROR: 400,
  TELEGRAM_LINK_FAILED: 400,
  INVALID_AMOUNT: 400,
  INVALID_SPLIT: 400,
  INVALID_MEMBER: 400,
  PASSKEY_REGISTER_FAILED: 400,
  UNBALANCED: 400,
  /** An exchange rate that is not a decimal above zero of at most 12 significant digits. */
  INVALID_RATE: 400,
  /** A repeat rule that cannot be: every <= 0, an end before the start, count <= 0, both an end and a count. */
  INVALID_RECURRENCE: 400,
  /** A reminder about a debt the group's simplified debts do not hold (any more). */
  DEBT_NOT_FOUND: 404,
  /** A reminder to a seat whose person has no Telegram linked. */
  RECIPIENT_NOT_ON_TELEGRAM: 409,
  /** A reminder to someone who muted this group's reminders or sent the bot /stop. */
  REMINDERS_MUTED: 409,
  /** A reminder to someone who blocked the bot (Telegram answered 403). */
  RECIPIENT_UNREACHABLE: 409,
  /** The debt was reminded of less than a day ago (Retry-After: when the next may go). */
  REMINDER_TOO_SOON: 429,
  /** A currency code that is not a current ISO 4217 one, or an original currency equal to the group's. */
  INVALID_CURRENCY: 400,
  /** An import's file that cannot be read (not of its format, a broken CSV): the message names the line. */
  IMPORT_INVALID_FILE: 400,
  /** An import with rows in currencies that have neither a rate given nor the server's; the message lists them. */
  RATE_REQUIRED: 400,
  /**
   * No exchange rate could be had for (date, from, to): no provider, it failed or has none. The
   * client asks the person for the rate (or the amount in the group's currency) instead.
   */
  RATE_UNAVAILABLE: 404,
  OAUTH_CONFIRM_FAILED: 400,
  /** Changing the password: the current one given is not it. */
  WRONG_PASSWORD: 400,
  UNAUTHORIZED: 401,
  INVALID_CREDENTIALS: 401,
  PASSKEY_VERIFY_FAILED: 401,
  TELEGRAM_AUTH_FAILED: 401,
  TELEGRAM_MINIAPP_AUTH_FAILED: 401,
  TELEGRAM_MINIAPP_REGISTER_FAILED: 401,
  FORBIDDEN: 403,
  FORBIDDEN_ORIGIN: 403,
  BLOCKED_BY_USER: 403,
  /** A Telegram chat records into another group, whose admins alone may move it. */
  CHAT_CONNECTED_ELSEWHERE: 403,
  ACCOUNT_BLOCKED: 403,
  NOT_FOUND: 404,
  GROUP_NOT_FOUND: 404,
  EXPENSE_NOT_FOUND: 404,
  USERNAME_NOT_FOUND: 404,
  DRAFT_NOT_FOUND: 404,
  TELEGRAM_DISABLED: 404,
  TELEGRAM_NOT_LINKED: 404,
  /** Resetting a forgotten password needs mail, and this server has none (production without SMTP_URL). */
  PASSWORD_RESET_UNAVAILABLE: 404,
  METHOD_NOT_SUPPORTED: 405,
  CONFLICT: 409,
  USERNAME_TAKEN: 409,
  EMAIL_TAKEN: 409,
  LAST_ADMIN: 409,
  SEAT_TAKEN: 409,
  IDENTITY_ALREADY_LINKED: 409,
  CANNOT_UNLINK_LAST_ACCOUNT: 409,
  PASSKEY_ALREADY_LINKED: 409,
  DRAFT_CLOSED: 409,
  /** The same file was imported into this group before (issue 29). */
  IMPORT_ALREADY_DONE: 409,
  INVITE_INVALID: 410,
  /** A password reset link that expired, was used, or belongs to a password since changed. */
  RESET_LINK_INVALID: 410,
  PAYLOAD_TOO_LARGE: 413,
  UNSUPPORTED_MEDIA_TYPE: 415,
  TOO_MANY_REQUESTS: 429,
  INTERNAL: 500,
  /** The database is unreachable or saturated, or the request ran out of time: retry shortly. */
  SERVICE_UNAVAILABLE: 503,
} as const;

export type ErrorCode = keyof typeof errorStatus;

const trpcCodeByStatus: Record<number, TRPC_ERROR_CODE_KEY> = {
  400: 'BAD_REQUEST',
  401: 'UNAUTHORIZED',
  403: 'FORBIDDEN',
  404: 'NOT_FOUND',
  405: 'METHOD_NOT_SUPPORTED',
  409: 'CONFLICT',
  // tRPC has no "gone"; REST clients get 410 from the code, tRPC clients read data.appCode.
  410: 'NOT_FOUND',
  413: 'PAYLOAD_TOO_LARGE',
  415: 'UNSUPPORTED_MEDIA_TYPE',
  429: 'TOO_MANY_REQUESTS',
  500: 'INTERNAL_SERVER_ERROR',
  503: 'SERVICE_UNAVAILABLE',
};

/** The one error type of the API: a code from the catalogue, a readable message, and the field at fault. */
export class AppError extends TRPCError {
  readonly appCode: ErrorCode;
  readonly field: string | undefined;
  /** For a refusal that passes (limits, an unavailable database): seconds to wait, sent as Retry-After. */
  readonly retryAfterSeconds: number | undefined;

  constructor(code: ErrorCode, message: string, field?: string, retryAfterSeconds?: number) {
    super({ code: trpcCodeByStatus[errorStatus[code]] ?? 'INTERNAL_SERVER_ERROR', message });
    this.name = 'AppError';
    this.appCode = code;
    this.field = field;
    this.retryAfterSeconds = retryAfterSeconds;
  }

  get status(): number {
    return errorStatus[this.appCode];
  }
}

/** The seconds to wait that an error (or the error it wraps) carries; undefined when none. */
export function retryAfterOf(error: unknown): number | undefined {
  if (error instanceof AppError) return error.retryAfterSeconds;
  if (error instanceof Error && error.cause instanceof AppError) return error.cause.retryAfterSeconds;
  return undefined;
}
