import { run } from './cli';

/** `npm run --silent admin -- <command>`: the admin scripts' command line. */
process.exitCode = await run(process.argv.slice(2), {
  env: process.env,
  stdout: (text) => process.stdout.write(text.endsWith('\n') ? text : `${text}\n`),
  stderr: (text) => process.stderr.write(`${text}\n`),
});
