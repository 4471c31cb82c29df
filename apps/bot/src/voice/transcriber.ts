import OpenAI, { toFile } from 'openai';
import type { TranscribeConfig } from './config';

/** A recording as Telegram keeps it, ready to send. */
export interface Recording {
  data: Uint8Array;
  /** With the extension the endpoint judges the format by: voice.ogg, video-note.mp4. */
  fileName: string;
  mimeType: string;
}

/**
 * One transcription of one recording: its text (empty when nothing was said); throws on any
 * failure (HTTP, timeout). `prompt`: words the speaker is likely to say (the group's names),
 * which helps the model spell them as the group does.
 */
export type Transcriber = (recording: Recording, prompt?: string) => Promise<string>;

export function createTranscriber(config: TranscribeConfig): Transcriber {
  // No retries: the writer waits for one attempt within the timeout, then is told to write.
  const client = new OpenAI({
    apiKey: config.apiKey,
    baseURL: config.baseURL,
    timeout: config.timeoutMs,
    maxRetries: 0,
  });
  return async (recording, prompt) => {
    const transcription = await client.audio.transcriptions.create({
      file: await toFile(recording.data, recording.fileName, { type: recording.mimeType }),
      model: config.model,
      response_format: 'json',
      ...(prompt ? { prompt } : {}),
    });
    return typeof transcription.text === 'string' ? transcription.text : '';
  };
}
