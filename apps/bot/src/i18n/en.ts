import type { Messages } from './types';

/** Everything the bot says in English, key for key as ru.ts. */
export const en: Messages = {
  apology: 'Something went wrong and your message was not handled. Please try again in a moment.',
  blocked: 'This Dolya account is blocked.',

  start: {
    greeting:
      'Hi, {{name}}! I record expenses in Dolya. Write, for example, “pizza 36 me, Anna, Bob” — I show a draft and you save it with a button.\n\nExamples and commands: /help',
    alreadyLinked:
      'Your Telegram is already linked to the Dolya account “{{name}}”. Write your expenses right here.',
  },
  help: {
    text: 'Write expenses as plain text — I show a draft, and you save it with the ✅ button.\n\nExamples:\n• pizza 36 me, {{a}}, {{b}}\n• taxi 25 paid by {{a}}\n• dinner: me 45, {{b}} 38.50\n• groceries 80 everyone except {{b}}\n• {{a}} paid me back 20 — a repayment\n• a receipt, one item a line:\n  pizza 24 {{a}}, {{b}}\n  wine 30 everyone\n\nCommands:\n/group — choose the group for this chat\n/balance — who owes whom\n/export — the group as a spreadsheet (CSV)\n/connect — connect a group chat to a group (for the group’s admin)\n/disconnect — disconnect a group chat from its group\n/stop — stop reminders about debts\n\nIn a group chat: /add and the expense, a mention of @{{bot}}, or a reply to my message.',
    voice:
      '🎤 You can also say it: a voice message of up to a minute (in a group chat, as a reply to my message).',
  },
  commands: {
    start: 'Start',
    help: 'Examples and commands',
    group: 'Choose the group',
    balance: 'Who owes whom',
    export: 'The group as a spreadsheet (CSV)',
    add: 'Record an expense (in a group chat)',
    connect: 'Connect this chat to a group',
    disconnect: 'Disconnect this chat from its group',
    stop: 'Stop reminders about debts',
  },

  link: {
    text: 'I don’t know who you are in Dolya yet. Open the app with the button below and sign in or sign up — your Telegram gets linked to the account. Then write to me again.',
    textNoButton:
      'I don’t know who you are in Dolya yet. Open {{url}}, sign in or sign up and link your Telegram — then write to me again.',
    textInGroup:
      '{{name}}, I don’t know who you are in Dolya yet. Open me in a private chat and sign in — then write your expenses here.',
    button: 'Open Dolya',
    buttonInGroup: 'Sign in to Dolya',
    notice: 'Sign in to Dolya first: write to me in a private chat.',
    kept: 'I’ve kept your message: once you’ve signed in, send /start and I’ll show its draft.',
  },

  group: {
    none: 'You have no groups in Dolya yet. Create one in the app — then write your expenses to me.',
    noneNoButton:
      'You have no groups in Dolya yet. Create one in the app ({{url}}) — then write your expenses to me.',
    openApp: 'Open Dolya',
    choose: 'Which group should expenses from this chat go to?',
    chosen: 'Recording expenses in “{{name}}”. To change the group: /group',
    inGroupChat: 'The group of this chat is chosen by an admin of the Dolya group with /connect.',
    notForYou: 'This button is not for you.',
    gone: 'This group is no longer one of yours.',
  },
  connect: {
    added:
      'Hi! I record expenses in Dolya. An admin of the Dolya group, send /connect to connect this chat to the group.',
    privateOnly: '/connect works in a group chat: add me to the chat and send it there.',
    choose: 'Which Dolya group should this chat be connected to?',
    done: 'This chat is connected to the group “{{name}}”. Write expenses: /add pizza 36 me, Anna, Bob — or as a reply to my message.',
    noAdminGroups:
      'Only an admin of a Dolya group can connect a chat, and you are not an admin of any group yet.',
    forbidden: 'Only an admin of “{{name}}” in Dolya can connect a chat to it.',
    notChatAdmin: 'Only an administrator of this Telegram chat can connect or disconnect it.',
    elsewhere:
      'This chat is already connected to another Dolya group. Only an admin of that group can move it: ask them to send /disconnect or /connect.',
    moved:
      'This chat is now connected to “{{name}}” instead of “{{from}}”. New expenses from here go to “{{name}}”.',
    disconnected: 'This chat is disconnected from “{{name}}”. To connect it again: /connect',
    notConnected: 'This chat is not connected to any Dolya group.',
    disconnectForbidden: 'Only an admin of the Dolya group this chat is connected to can disconnect it.',
    adminNoticeMoved:
      '{{by}} connected the chat “{{chat}}” to another Dolya group. Expenses from that chat no longer go to “{{name}}”.',
    adminNoticeDisconnected:
      '{{by}} disconnected the chat “{{chat}}” from “{{name}}”. Expenses from that chat are no longer recorded.',
  },
  chat: {
    notConnected:
      'This chat is not connected to a Dolya group yet. An admin of the group can connect it with /connect.',
    notMember: 'You are not a member of the Dolya group this chat is connected to. Ask its admin to add you.',
  },

  expense: {
    notExpense:
      'That doesn’t look like an expense. Write, for example, “pizza 36 me, {{a}}, {{b}}”. Examples: /help',
    noAmount: 'I see no amount. Write it in digits or words, for example: “taxi 20” or “taxi twenty”.',
    amountNotRead: 'I couldn’t read the amount. Write it in digits, for example: “taxi 20”.',
    zeroAmount: 'The amount is zero: nothing to record. Write what was spent, for example: “taxi 20”.',
    badAmount: 'That amount cannot be recorded: check the number, for example: “taxi 20”.',
    notMoney:
      'The numbers in the message don’t look like money — a phone number, a date, a time or a code. Write the expense with its amount, for example: “taxi 20”.',
    question:
      'That looks like a question. To record an expense write, for example, “taxi 20”. Who owes whom: /balance',
    notYet: 'Sounds like it isn’t paid yet. Once it is, write it, for example: “hotel 180, Ben paid”.',
    request:
      'That’s a request for money: nothing to record. Once it’s paid, write, for example: “Tom paid me back 20”.',
    personal: 'Sounds personal, so I won’t add it to the group. A shared expense: “taxi 20 me and Tom”.',
    talk: 'Sounds like talk about money rather than a new expense: nothing to record. Who owes whom: /balance',
    photoNoCaption:
      'I read text: write the expense as a message or as the photo’s caption, for example: “dinner 80 everyone”.',
    sticker: 'Write the expense as text, for example: “taxi 20”, and I’ll show a draft.',
    addUsage: 'Write the expense after the command, for example: /add pizza 36 me, {{a}}, {{b}}',
    or: ' or ',
    and: ' and ',
    noParticipants:
      'I couldn’t tell who shares this expense. Send the message again with names from the group.',
    refused: 'This expense cannot be recorded: check the amount and the names and send the message again.',
  },

  voice: {
    off: 'I don’t listen to voice messages here — I read text. Write the expense, for example: “taxi 20”.',
    tooLong:
      'This voice message is longer than a minute, and I don’t listen to those. Say the expense in under a minute or write it, for example: “taxi 20”.',
    failed:
      'I couldn’t make out the voice message, and nothing was recorded. Try again or write the expense as text, for example: “taxi 20”.',
    empty:
      'I heard no words in the voice message, and nothing was recorded. Say the expense again or write it, for example: “taxi 20”.',
    audioFile:
      'I don’t listen to audio files: record a voice message (up to a minute) or write the expense as text, for example: “taxi 20”.',
  },

  question: {
    unsure: '❓',
    payer: 'Who paid?',
    payerUnknownMale: 'Who is {{name}}? Choose who paid:',
    payerUnknownFemale: 'Who is {{name}}? Choose who paid:',
    nameMale: 'Who is {{name}}?',
    nameFemale: 'Who is {{name}}?',
    nameIs: 'Is {{written}} {{name}}?',
    amount: 'How much in all?',
    amountOption: '{{amount}} in all',
    amountToType: 'How much? Reply to this message with the amount, e.g. 25.',
    kind: 'Is this a new expense or a repayment?',
    kindExpense: 'New expense',
    kindSettlement: 'Repayment',
    noneOfThem: '✖️ None of them',
    retype: 'All right. Send the message again, naming people as the group has them: {{members}}.',
    title: 'What was it for? Choose, or send the message again, e.g. “taxi 20”.',
    titleOther: '✏️ Something else',
    retitle: 'All right. Send the message again with what it was for, e.g. “taxi 20”.',
    gone: 'I can’t find the message this question is about: write the expense again.',
    notAuthor: 'Only the person who wrote the message can answer.',
  },

  draft: {
    title: '“{{name}}” — {{amount}}',
    paidBy: 'Paid by: {{name}}',
    rate: 'Rate: {{one}} = {{rate}} on {{date}}',
    noRate:
      'I found no rate from {{currency}} to the group’s currency ({{groupCurrency}}) for today: press Edit and type the rate or the amount in the group’s currency.',
    noRateInApp:
      'I found no rate from {{currency}} to the group’s currency ({{groupCurrency}}) for today: record the expense in the app, where you can type the rate or the amount in the group’s currency.',
    noRateSettlementInApp:
      'I found no rate from {{currency}} to the group’s currency ({{groupCurrency}}) for today: record the repayment in the app (Settle up), where you can type the rate or the amount in the group’s currency.',
    sharedBy: 'Shared by: {{parts}}',
    item: '• {{name}} {{amount}} — {{people}}',
    save: '✅ Save',
    edit: '✏️ Edit',
    cancel: '✖️ Cancel',
    saved: '✅ Saved to “{{group}}”',
    openGroup: 'Open group',
    cancelled: '✖️ Cancelled',
    expired: '⌛ This draft has expired: send the expense again.',
    settlementTitle: 'Repayment — {{amount}}',
    settlementLine: '{{from}} → {{to}}',
    settlementNote: 'For: {{note}}',
    eachNote: '{{count}} × {{each}}',
  },
  repeat: {
    line: '🔁 Repeats {{rule}}',
    lineNext: '🔁 Repeats {{rule}}, next on {{date}}',
    day: 'every day',
    week: 'every week',
    month: 'every month',
    year: 'every year',
    days_one: 'every {{count}} day',
    days_other: 'every {{count}} days',
    weeks_one: 'every {{count}} week',
    weeks_other: 'every {{count}} weeks',
    months_one: 'every {{count}} month',
    months_other: 'every {{count}} months',
    years_one: 'every {{count}} year',
    years_other: 'every {{count}} years',
  },
  notice: {
    saved: 'Saved',
    alreadySaved: 'This expense is already saved.',
    cancelled: 'Cancelled',
    alreadyCancelled: 'This draft is already cancelled.',
    cancelledNoSave: 'This draft was cancelled and cannot be saved. Send the expense again.',
    expired: 'This draft has expired: send the expense again.',
    needsRate: 'No rate was found, so this cannot be saved as it is. Press Edit and type the rate.',
    notAuthor: 'Only the person who wrote this draft can save or cancel it.',
  },

  balance: {
    title: 'Who owes whom in “{{group}}”:',
    debt: '{{from}} → {{to}}: {{amount}}',
    settled: 'Everyone in “{{group}}” is settled up.',
  },

  export: {
    caption:
      '“{{group}}” as a spreadsheet: every expense and payment with each person’s share. Opens in Excel or Google Sheets; Dolya, Splitwise-compatible apps and Spliit can import it.',
  },

  reminders: {
    stopped:
      'Done: I won’t send you reminders about debts any more. You can turn them back on in a group’s settings in the app.',
    muted: 'Reminders of this group are muted',
    mutedLine: '🔕 Reminders of this group are muted.',
  },
};
