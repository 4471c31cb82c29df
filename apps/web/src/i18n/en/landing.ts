export const landing = {
  getStarted: 'Get started',
  openApp: 'My groups',

  // The app's own screens drawn on the landing (its texts, kept here so the page needs no other chunk)
  mockDebtsTitle: 'Who owes whom',
  mockSettleUp: 'Settle up',
  mockToYou: 'you',
  mockExpensesTitle: 'Expenses',
  mockAddExpense: 'Add expense',
  mockYouPaid: 'You paid {{amount}}',
  mockYouLent: 'you lent',
  mockYouBorrowed: 'you borrowed',
  mockNewTitle: 'New expense',
  mockName: 'Name',
  mockAmount: 'Amount',
  mockPayer: 'Paid by',
  mockMemberYou: '{{name}} (you)',
  mockSplitTitle: 'How to split',
  mockModeShares: 'Shares',
  mockModeAmounts: 'Amounts',
  mockModePercentages: '%',
  mockPercentTotal: 'Total {{total}} of {{full}}',
  mockSubmit: 'Add',

  // Hero
  heroBadge: 'For couples, friends, colleagues and travel buddies',
  heroTitle: 'Shared expenses, split fairly\u00a0— to the cent',
  heroPitch:
    'Add expenses in the app, or just text the bot in Telegram: “pizza 36 me, Anna, Bob”. Dolya works out who owes whom and settles everyone up in the fewest transfers.',
  heroHow: 'How it works',
  heroNote: 'Free. Sign in with email or a passkey.',

  // The example group, the same in every picture of the page
  groupName: 'Trip to Kazan',
  nameMe: 'Demo',
  nameAnya: 'Anna',
  nameBorya: 'Bob',
  itemHotel: 'Hotel',
  itemTaxi: 'Airport taxi',
  itemPizza: 'Pizza',
  anyaPaid: 'Anna paid {{amount}}',
  groupMockCaption:
    'The group “{{group}}” in Dolya: Anna owes you {{anya}} and Bob owes you {{borya}}. The latest expenses are the hotel, the airport taxi and a pizza.',

  // How it works
  howTitle: 'How it works',
  step1Title: 'Create a group',
  step1Text:
    'Name it, pick a currency and add people\u00a0— even those without an account yet. Invite the rest with a link.',
  step2Title: 'Add expenses',
  step2Text:
    'In the app, in Telegram or with one message to the bot. Split equally, by shares, by exact amounts or in percentages.',
  step3Title: 'Settle up',
  step3Text:
    'Dolya shows who owes whom and suggests the shortest way to get even: as few transfers as possible.',

  // Use cases
  casesTitle: 'Who it’s for',
  casesLead: 'Anywhere the money is shared but one person pays.',
  caseWhatDolyaDoes: 'What Dolya does',
  couplesTitle: 'Couples',
  couplesScenario:
    'Rent, groceries, subscriptions. You split the rent 60/40 by income and the groceries down the middle.',
  couplesDolya:
    'Each expense gets its own split, and the running balance is always in sight. Once a month, one transfer and you’re even.',
  friendsTitle: 'Friends and travel buddies',
  friendsScenario: 'A weekend away: Anna books the house, Bob pays for fuel, you buy groceries for everyone.',
  friendsDolya:
    'Everyone adds what they paid\u00a0— even with a message in the group chat. At the end of the trip, Dolya tells you who sends what to whom.',
  colleaguesTitle: 'Colleagues',
  colleaguesScenario: 'Office lunches and a birthday present: eight people chip in, one person pays.',
  colleaguesDolya:
    'One expense for everyone, including people who never signed up. You can see who has paid back\u00a0— no spreadsheets, no reminders in the chat.',

  // AI
  aiKicker: 'AI assistant',
  aiTitle: 'Write expenses the way you’d text a friend',
  aiLead:
    'The assistant reads free text and puts together a draft expense: the amount, who paid and who shares it. You check it and save.',
  aiCasesTitle: 'Names as you write them',
  aiCasesText:
    'Nicknames, @usernames, and in Russian every case form\u00a0— the bot recognises the people in your group however you spell them.',
  aiAmountsTitle: 'Amounts as people type them',
  aiAmountsText: '“1,200”, “2.5k”, “23.50”, “42,50”\u00a0— no need to think about the format.',
  aiCentsTitle: 'Exact to the cent',
  aiCentsText:
    '{{total}} for three is {{first}}\u00a0+ {{second}}\u00a0+ {{second}}, not {{rounded}}. The spare cent goes to whoever paid.',
  aiExamplesLabel: 'Examples: a message and the draft it becomes',
  aiMessageLabel: 'Message',
  aiDraftLabel: 'Draft',
  aiMessageTaxi: 'taxi 10 with <name>Anna</name> and <name>Bob</name>',
  aiMessageDinner: '<name>Anna</name> paid 25 for dinner',
  aiMessageCinema: 'cinema 24 for <name>Anna</name> and <name>Bob</name>',
  aiItemTaxi: 'Taxi',
  aiItemDinner: 'Dinner',
  aiItemCinema: 'Cinema',
  aiYou: 'you',
  /** One person's part in a draft: 'Аня 400,00 ₽'. */
  draftShare: '{{name}} {{amount}}',
  aiPaidBy: 'Paid by: {{name}}',
  aiSharedByLabel: 'Shared by:',

  // The bot and the mini app
  botKicker: 'Telegram',
  botTitle: 'Expenses straight from the chat',
  botLead:
    'Text the bot the way you’d text your friends. It replies with a draft, and saving it takes one tap.',
  botChatsTitle: 'In private and group chats',
  botChatsText:
    'Add the bot to your trip or flat chat: everyone posts what they paid, and it lands in your group in Dolya.',
  botMiniAppTitle: 'Mini app',
  botMiniAppText:
    'All of Dolya opens right inside Telegram: groups, debts, statistics. Nothing to install, no password.',
  botOpen: 'Open the bot',
  chatLabel: 'A conversation with the Dolya bot in a Telegram group chat',
  chatMembers: '4 members',
  chatBotName: 'Dolya',
  chatYou: 'You',
  chatButtons: 'Buttons under the message',
  botMessage: 'pizza 36 me, Anna, Bob',
  botDraftTitle: '“{{name}}” — {{amount}}',
  botDraftPaidBy: 'Paid by: {{name}}',
  botDraftSharedBy: 'Shared by: {{list}}',
  botSave: '✅ Save',
  botEdit: '✏️ Edit',
  botCancel: '✖️ Cancel',
  botSaved: '✅ Saved to “{{group}}”',

  // Manual entry
  manualKicker: 'By hand',
  manualTitle: 'A form for whatever you agreed',
  manualLead: 'When you’d rather enter an expense yourself, the form fits the way you split it.',
  manualSharesTitle: 'Shares',
  manualSharesText: 'Someone ate for two? Give them 2\u00a0shares and they pay twice as much.',
  manualAmountsTitle: 'Amounts',
  manualAmountsText: 'Everyone gets their exact amount. The form shows how much is still left to assign.',
  manualPercentTitle: 'Percentages',
  manualPercentText: 'A hotel 50/25/25 or rent 60/40\u00a0— Dolya checks it adds up to exactly 100%.',
  manualItemsTitle: 'Receipt items',
  manualItemsText: 'Split a receipt line by line: each item goes to the people who ordered it.',
  manualSettleTitle: 'Settling up',
  manualSettleText: 'Paid someone back? Record the payment and the debts update themselves.',
  manualFewestTitle: 'The fewest transfers',
  manualFewestText:
    'Instead of a chain “Bob\u00a0→\u00a0Anna\u00a0→\u00a0you”, one transfer from Bob to you.',
  manualMore: 'Plus spending statistics, a log of every change in the group, and light and dark themes.',
  formMockCaption:
    'The expense form for “{{name}}”, {{amount}}: you paid, split in percentages\u00a0— 50, 25 and 25.',

  // Why us
  whyTitle: 'Why Dolya',
  whyLead: 'What we do differently.',
  whyCentsTitle: 'Exact to the cent, always',
  whyCentsText: 'Amounts are stored as whole cents, not fractional numbers, so splitting never loses a cent.',
  whyFewestTitle: 'The fewest transfers',
  whyFewestText:
    'When up to 20\u00a0people in a group have debts, Dolya finds the true minimum number of transfers, not an estimate.',
  whyItemsTitle: 'Itemised receipts, free',
  whyItemsText: 'Splitting a receipt line by line isn’t locked behind a subscription.',
  whyTelegramTitle: 'At home in Telegram',
  whyTelegramText: 'A bot for your chats, a mini app and Telegram sign-in\u00a0— nothing extra to install.',
  whyLanguagesTitle: 'In English and Russian',
  whyLanguagesText:
    'The interface speaks both languages, with roubles by default and 160\u00a0currencies to choose from.',
  whyOpenDocs: 'API documentation',
  whyOpenTitle: 'An open API',
  whyOpenText:
    'Groups, expenses and balances are available over an HTTP API: your data isn’t locked in the app.',

  // Call to action and footer
  ctaTitle: 'Set up your first group in a minute',
  ctaText: 'Invite friends with a link or add them yourself\u00a0— they don’t need an account for that.',
  footerTagline: 'Shared expenses, no arguments.',
  footerLinks: 'Links',
  footerSignIn: 'Sign in',
  footerApi: 'API documentation',
  footerBot: 'Telegram bot',
  footerCopyright: '© {{year}} Dolya',
};
