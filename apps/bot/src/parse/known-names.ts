import { nameForms } from './name-forms';
import { isGivenName } from './names/name-variants';
import { cyrillicReading } from './names/translit';
import { NOT_NAMES } from './vocabulary';

/**
 * Common first names, full and familiar, used only to notice a name that is not a member
 * ("такси 700 я и Вася") so it can be reported. Names that are also everyday words are left out.
 */
const RUSSIAN = `
  Александр Саша Алексей Леша Андрей Антон Артем Борис Боря Вадим Валера Василий Вася Виктор Витя
  Влад Владимир Вова Володя Гоша Григорий Гриша Даниил Даня Денис Дмитрий Дима Евгений Женя Егор
  Иван Ваня Игорь Илья Кирилл Костя Константин Максим Макс Михаил Миша Никита Николай Коля Олег
  Павел Паша Петр Петя Рома Руслан Сергей Сережа Сеня Стас Степан Степа Тимур Тима Федор Федя Юра
  Юрий Ярослав Гена Толя Леня Алена Алина Алиса Анастасия Настя Анна Аня Валя Варя Вика Виктория
  Галя Даша Дарья Ева Евгения Екатерина Катя Елена Лена Зоя Ира Ирина Карина Кристина Ксюша Ксения
  Лиза Елизавета Люба Люда Маша Мария Марина Милана Наташа Наталья Нина Оля Ольга Полина Света
  Светлана Соня Софья Таня Татьяна Юля Юлия Яна Лера Алла Инна Ника Тоня Аля
`;

const ENGLISH = `
  Alex Adam Alice Amy Andrew Anna Ben Bob Charlie Chris Dan Daniel Dave David Emily Emma Eric Ethan
  George Hannah Harry Jack Jake James Jane Jen Jessica John Josh Kate Katie Kevin Laura Leo Liam Lily
  Lucy Luke Maria Max Mia Mike Nick Noah Olivia Oliver Paul Peter Rachel Ryan Sam Sarah Sophie
  Steve Tom Tim Tony Zack Zoe Anya Sasha Dima Igor Nastya Kate Kostya Vasya
`;

let forms: Set<string> | undefined;

/** Whether a normalised word is a first name or one of its case forms, in Cyrillic or Latin letters. */
export function isKnownFirstName(word: string): boolean {
  if (NOT_NAMES.has(word)) return false;
  if (isGivenName(word)) return true;
  const cyrillic = cyrillicReading(word);
  if (cyrillic && (isGivenName(cyrillic) || knownForms().has(cyrillic))) return true;
  return knownForms().has(word);
}

function knownForms(): Set<string> {
  forms ??= new Set(
    `${RUSSIAN} ${ENGLISH}`
      .trim()
      .split(/\s+/)
      .flatMap((name) => nameForms(name))
      .filter((form) => !NOT_NAMES.has(form)),
  );
  return forms;
}
