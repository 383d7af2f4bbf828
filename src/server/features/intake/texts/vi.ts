/** Why a business takes no walk-in now, in Vietnamese (docs/languages.md). */
import type { IntakeWords } from './en.ts';

const intakeWords: IntakeWords = {
  notOnline: 'Hiện không nhận khách không hẹn trước qua mạng',
  askAtDesk: 'Quý khách vui lòng hỏi tại quầy lễ tân.',
  closed: 'Hiện đang đóng cửa',
  noMoreToday: 'Hôm nay không nhận thêm khách không hẹn trước',
  noMoreUntil: (time) => `Không nhận thêm khách không hẹn trước cho đến ${time}`,
  paused: 'Danh sách chờ đang tạm dừng',
  backAt: (moment) => `Mở lại ${moment}`,
  checkAgain: 'Quý khách vui lòng xem lại sau ít phút.',
  full: 'Danh sách chờ hiện đã đầy',
  moments: {
    today: (time) => `lúc ${time}`,
    tomorrow: (time) => `lúc ${time} ngày mai`,
    thisWeek: (weekday, time) => `lúc ${time} ${weekday}`,
    later: (date, time) => `lúc ${time} ngày ${date}`,
    opens: (moment) => `Mở cửa ${moment}`,
  },
};

export default intakeWords;
