/**
 * npm run bench:bot — how soon a person sees the bot at work: from the moment an update is
 * handed to the bot to Telegram receiving "typing", and to the draft reply. Against the real
 * server on a fresh PostgreSQL database and the Telegram stand-in; with the rules, then with a
 * model stand-in that answers after 2 s.
 */
import { answer, startStandIn } from '../test/support/openai-stand-in';
import { privateChat } from '../test/support/updates';
import { startWorld, type WorldOptions } from '../test/support/world';

const MESSAGES = [
  'пицца 1200 я, Аня, Боря',
  'такси 700 платила Аня',
  'ужин: я 450, Боря 380,50',
  'продукты 2300 все кроме Бори',
  'кофе 300 я и Аня',
];

interface Sample {
  typingMs: number;
  draftMs: number;
}

async function measure(label: string, rounds: number, options: WorldOptions) {
  const world = await startWorld(options);
  try {
    const demo = await world.linkedPerson('Демо');
    await demo.createGroup('Поездка', ['Аня', 'Боря']);
    const chat = privateChat(demo.telegram);
    // One message first, so connections and code are warm.
    await world.send(world.updates.text(chat, demo.telegram, 'чай 100 я'));

    const samples: Sample[] = [];
    for (let i = 0; i < rounds; i++) {
      world.telegram.reset();
      const update = world.updates.text(chat, demo.telegram, MESSAGES[i % MESSAGES.length]!);
      const started = performance.now();
      await world.send(update);
      const typing = world.telegram.callsOf('sendChatAction')[0];
      const draft = world.telegram
        .callsOf('sendMessage')
        .find(
          (c) =>
            (c.payload.reply_parameters as { message_id?: number } | undefined)?.message_id ===
            update.message!.message_id,
        );
      if (!typing || !draft) throw new Error(`round ${i}: no typing or no reply`);
      samples.push({ typingMs: typing.at - started, draftMs: draft.at - started });
    }
    report(label, samples);
  } finally {
    await world.close();
  }
}

function percentile(values: number[], p: number) {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)]!;
}

function report(label: string, samples: Sample[]) {
  const line = (name: string, values: number[]) =>
    `  ${name.padEnd(20)} median ${percentile(values, 50).toFixed(1).padStart(7)} ms   p95 ${percentile(
      values,
      95,
    )
      .toFixed(1)
      .padStart(7)} ms   max ${Math.max(...values)
      .toFixed(1)
      .padStart(7)} ms`;
  console.log(`${label} (${samples.length} messages)`);
  console.log(
    line(
      'update -> typing',
      samples.map((s) => s.typingMs),
    ),
  );
  console.log(
    line(
      'update -> draft',
      samples.map((s) => s.draftMs),
    ),
  );
}

await measure('Rules', 30, {});

const model = await startStandIn();
try {
  model.reply({
    content: answer({ description: 'пицца', amount: '1200', participants: ['me', 'Аня', 'Боря'] }),
    delayMs: 2000,
  });
  await measure('Model stand-in answering after 2 s', 5, {
    modelBaseURL: model.baseURL,
    modelTimeoutMs: 8000,
  });
} finally {
  await model.close();
}
