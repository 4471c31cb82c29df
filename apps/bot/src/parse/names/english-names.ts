/**
 * English names with their short forms and how Russians write them, for groups that mix the two:
 * "Mike" is who «Майк» and "Michael" mean. One name a line: "Full: short short … / Кириллица …".
 */
export const ENGLISH_NAMES = `
Alexander: Alex Al Xander / Алекс Александр
Alexandra: Alex Lexi Sandra / Алекс Александра
Andrew: Andy Drew / Эндрю Энди
Anthony: Tony / Энтони Тони
Benjamin: Ben Benji Benny / Бен Бенджамин Бенчик Бенни
Catherine: Kate Katie Cathy Kat / Кейт Кэт Кэти Кэтрин
Katherine: Kate Katie Kathy Kat / Кейт Кэт Кэти Кэтрин
Charles: Charlie Chuck / Чарли Чарльз
Christopher: Chris Topher / Крис Кристофер
Christine: Chris Chrissy Tina / Крис Кристина
Daniel: Dan Danny / Дэн Дэнни Дэниел Дэниэл
David: Dave Davey / Дэйв Дейв Дэвид Давид
Edward: Ed Eddie Ted / Эд Эдди Эдвард
Elizabeth: Liz Lizzie Beth Betty Eliza / Лиз Лиза Бет Элизабет
Emily: Em Emmy / Эмили
Emma: Em Emmy / Эмма
Jacob: Jake / Джейк Джейкоб
James: Jim Jimmy Jamie / Джим Джимми Джеймс
Jennifer: Jen Jenny / Джен Дженни Дженнифер
Jessica: Jess Jessie / Джесс Джессика
John: Johnny Jack / Джон Джонни
Jonathan: Jon Jonny / Джон Джонатан
Joseph: Joe Joey / Джо Джозеф
Joshua: Josh / Джош
Margaret: Maggie Meg Peggy / Мэгги Мэг Маргарет
Matthew: Matt / Мэтт Мэтью
Michael: Mike Mikey Mick / Майк Майкл Мик
Nicholas: Nick Nicky / Ник Николас
Patrick: Pat Paddy / Пэт Патрик
Rebecca: Becky Becca / Бекки Ребекка
Richard: Rick Rich Dick / Рик Ричард
Robert: Rob Bob Bobby Robbie / Роб Боб Бобби Роберт
Samuel: Sam Sammy / Сэм Сэмюэл
Samantha: Sam Sammie / Сэм Саманта
Sarah: Sara / Сара Сэра
Priya: Pri / Прия Прия
Stephen: Steve Stevie / Стив Стивен
Steven: Steve Stevie / Стив Стивен
Thomas: Tom Tommy Thom / Том Томми Томас
Timothy: Tim Timmy / Тим Тимоти
William: Will Bill Billy Liam / Уилл Билл Вильям Уильям
Zachary: Zack Zach / Зак
Oliver: Ollie / Оливер Олли
Olivia: Liv Livvy / Оливия
Sophia: Sophie / Софи София
Lucy: Lu / Люси
Leo: Leo / Лео
Max: Max / Макс
Anna: Ann Annie / Анна Энн
Julia: Jules / Джулия Юлия
`;
