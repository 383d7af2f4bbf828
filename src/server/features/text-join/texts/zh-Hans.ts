/** What a join by text answers, in Simplified Chinese (docs/languages.md): short, as each is UCS-2. */
import { numbered, type TextJoinWords } from './en.ts';

const textJoinWords: TextJoinWords = {
  menu: (business, services) => `${business}: 请选择服务项目，回复编号：${numbered(services)}。回复TD退订`,
  notANumber: (business, services) =>
    `${business}: 请回复1到${services.length}之间的编号：${numbered(services)}。`,
  askName: (business, service) => `${business}: ${service}。请问您的姓名？`,
  badName: (business, problem) => `${business}: ${problem}。请回复您的姓名。`,
  nameMissing: '请输入您的姓名',
  nameTooLong: (max) => `姓名最多${max}个字符`,
  refused: (business, reason) => `${business}: ${reason}`,
  alreadyWaiting: (business) => `${business}: 您已在等候名单中。回复“状态”查看排队位置，回复“离开”退出名单。`,
  position: (business, position, range) =>
    `${business}: ${position === 1 ? '下一位就是您' : `您排在第${position}位`}${
      range === null
        ? ''
        : range.high <= 0
          ? '，随时轮到您'
          : range.low === range.high
            ? `，约等${range.high}分钟`
            : `，约等${range.low}–${range.high}分钟`
    }。回复“离开”退出名单。`,
  called: (business) => `${business}: 轮到您了！请到前台。`,
  beingServed: (business) => `${business}: 正在为您服务。`,
  notInLine: (business) => `${business}: 您不在等候名单中。回复“排队”即可登记。`,
  left: (business) => `${business}: 您已退出等候名单。回复“排队”可重新登记。`,
  otherBusiness: (business) =>
    `这是${business}的号码。回复“排队”加入${business}的等候名单；其他商家有各自的号码。`,
  unknownCode: (code) => `找不到代码为“${code}”的商家。请回复“排队”和商家海报或链接上的代码。`,
  whichBusiness: '如需排队，请回复“排队”和商家海报或链接上的代码。',
};

export default textJoinWords;
