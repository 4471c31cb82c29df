import type { Api } from 'grammy';

/** What the Bot API lets a bot download (getFile); a minute of voice is far below it. */
export const MAX_RECORDING_BYTES = 20 * 1024 * 1024;

/** The address of a file Telegram keeps: {apiRoot}/file/bot{token}/{file_path}. It holds the token: never log it. */
export type FileUrl = (filePath: string) => string;

export function telegramFileUrl(apiRoot: string, token: string): FileUrl {
  return (filePath) => `${apiRoot}/file/bot${token}/${filePath.split('/').map(encodeURIComponent).join('/')}`;
}

/**
 * A file of a message, through getFile and the file address, within `timeoutMs`. Throws on any
 * failure, with a message that does not carry the address.
 */
export async function downloadTelegramFile(
  api: Api,
  fileUrl: FileUrl,
  fileId: string,
  timeoutMs: number,
): Promise<Uint8Array> {
  const file = await api.getFile(fileId);
  if (!file.file_path) throw new Error('Telegram gave no path for the file');
  if ((file.file_size ?? 0) > MAX_RECORDING_BYTES) throw new Error('the file is too large to download');
  let response: Response;
  try {
    response = await fetch(fileUrl(file.file_path), { signal: AbortSignal.timeout(timeoutMs) });
  } catch (error) {
    throw new Error(`could not download the file: ${(error as Error).name}`);
  }
  if (!response.ok) throw new Error(`could not download the file: HTTP ${response.status}`);
  if (Number(response.headers.get('content-length') ?? 0) > MAX_RECORDING_BYTES) {
    await response.body?.cancel();
    throw new Error('the file is too large to download');
  }
  const data = new Uint8Array(await response.arrayBuffer());
  if (data.byteLength > MAX_RECORDING_BYTES) throw new Error('the file is too large to download');
  return data;
}
