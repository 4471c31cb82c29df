/** Word lists of the rule-based reader, normalised (lower case, е for ё). */

const set = (words: string) => new Set(words.trim().split(/\s+/));

/** Words by which the writer means themselves. */
export const WRITER_WORDS = set(`
  я мне меня мной мною себя себе собой
  i me my myself mine
  mne menya ya
  ich mich mir
`);

/** Everyone in the group. */
export const EVERYONE_WORDS = set(`
  все всех всем всеми всей
  all everyone everybody
  alle allen
`);

/** Everyone but the names that follow. */
export const EXCEPT_WORDS = set(`кроме без except excluding without minus außer ausser ohne not but`);

/** "за X", "для X", "for X": only X take part (the writer too only when named). */
export const FOR_WORDS = set(`за для for für fur`);

/** "с X", "with X": the writer and X take part. */
export const WITH_WORDS = set(`с со with w mit`);

/** Verbs saying who paid; the payer is the name just before or just after. */
export const PAYER_VERBS = set(`
  заплатил заплатила заплатили заплатило платил платила платили платит плачу
  оплатил оплатила оплатили оплатило оплачено оплачен оплачена оплатит
  купил купила купили потратил потратила потратили
  paid pays payed covered bought spent
`);

/** "Боря должен мне 500", "Bob owes me 20": the person after the verb paid, those before take part. */
export const DEBT_VERBS = set(`должен должна должны owe owes`);

/** "я, она и Боря" after "Настя платила": he or she is the payer named in the message. */
export const PAYER_PRONOUNS = set(`он она его ее ему ей him her he she`);

/** Words after which the payer follows ("paid by Anna", "оплачено Аней"). */
export const PAYER_AFTER_WORDS = set(`by`);

/** Words that may stand between a payer and the verb ("Аня вчера заплатила"). */
export const PAYER_FILLERS = set(`
  вчера сегодня тоже опять уже снова сам сама сами
  just already also yesterday today
`);

/** List joints between names. */
export const JOINT_WORDS = set(`и а and und`);

/** "по 450": the amount is per person. */
export const EACH_BEFORE_WORDS = set(`по`);
/** "15 each": the amount is per person. */
export const EACH_AFTER_WORDS = set(`each`);

/** A small number before one of these counts something else than money ("3 ночи", "6 человек"). */
export const UNIT_WORDS = set(`
  человек чел человека людей персон персоны гостей гостя
  шт штук штуки штука раз раза дней дня день ночей ночи ночь суток часов часа час ч мин минут минуты
  км кг г гр л литр литра литров м метров этаж этажа ряд места мест место утра вечера дня
  people persons person guys pcs pieces times days day nights night hours hour h min mins minutes
  km kg lbs miles l am pm
`);

/** Before a small bare number these make it a time or an hour, not money ("в 7", "at 8"). */
export const TIME_WORDS = set(`в во к около после до at around after before by until till`);

/** Words that start a question. */
export const QUESTION_WORDS = set(`
  сколько кто когда где почему зачем куда откуда чей чья
  how who what when where why whose which
`);

/** Lines of a receipt that repeat the total rather than add a position. */
export const TOTAL_WORDS = set(`итого всего итог total subtotal sum`);

/**
 * Words that never start or end a description and are never names: prepositions, joints,
 * fillers and the chat words around an expense ("скинулись", "поровну").
 */
export const FILLER_WORDS = set(`
  в во на за для с со к по из от до у о об при про и а но или
  скинулись скинулся скинулась поровну пополам делим поделим раскидать раскидай раскидываем
  двоих троих четверых пятерых
  the a an at for of to on in with and or split evenly equally between among gonna
  der die das den dem des ein eine einen einem hat habe hab haben ist sind
`);

/** Common words that look like a case form of a first name and must not be read as one. */
export const NOT_NAMES = set(`
  жена жене жену женой маме маму мамой папе папу папой поле поля вере розе славе мире
  том тому тем будет ели
  bill will mark may june rose grace hope joy sue pat art milk mall mail mile
  вера вере веру слава славе славу люба любе любу надежда надежду мила милая роза тома ника
`);

/** "thank u alex", «спасибо Кате»: thanking someone. */
export const THANKS_WORDS = set(`thanks thank thx ty спасибо спс благодарю пасиб пасибо`);
