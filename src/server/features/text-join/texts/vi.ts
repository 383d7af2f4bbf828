/** What a join by text answers, in Vietnamese (docs/languages.md): short, as each is UCS-2. */
import { numbered, type TextJoinWords } from './en.ts';

const textJoinWords: TextJoinWords = {
  menu: (business, services) =>
    `${business}: quý khách chọn dịch vụ nào? Trả lời bằng số: ${numbered(services)}. Nhắn DUNG để ngừng nhận tin.`,
  notANumber: (business, services) =>
    `${business}: vui lòng trả lời bằng số từ 1 đến ${services.length}: ${numbered(services)}.`,
  askName: (business, service) => `${business}: ${service}. Xin cho biết tên quý khách.`,
  badName: (business, problem) => `${business}: ${problem}. Vui lòng trả lời bằng tên quý khách.`,
  nameMissing: 'Vui lòng nhập tên',
  nameTooLong: (max) => `Tên tối đa ${max} ký tự`,
  refused: (business, reason) => `${business}: ${reason}`,
  alreadyWaiting: (business) =>
    `${business}: quý khách đã có trong danh sách chờ. Nhắn VITRI để xem vị trí, THOAT để rời danh sách.`,
  position: (business, position, range) =>
    `${business}: ${position === 1 ? 'quý khách là người kế tiếp' : `quý khách ở vị trí số ${position}`}${
      range === null
        ? ''
        : range.high <= 0
          ? '. Sắp đến lượt'
          : range.low === range.high
            ? `. Chờ khoảng ${range.high} phút`
            : `. Chờ khoảng ${range.low}–${range.high} phút`
    }. Nhắn THOAT để rời danh sách.`,
  called: (business) => `${business}: đến lượt quý khách! Mời đến quầy lễ tân.`,
  beingServed: (business) => `${business}: quý khách đang được phục vụ.`,
  notInLine: (business) => `${business}: quý khách không có trong danh sách chờ. Nhắn THAMGIA để đăng ký.`,
  left: (business) => `${business}: quý khách đã rời danh sách chờ. Nhắn THAMGIA để đăng ký lại.`,
  otherBusiness: (business) =>
    `Đây là số của ${business}. Nhắn THAMGIA để vào danh sách chờ của ${business}; tiệm khác có số riêng.`,
  unknownCode: (code) =>
    `Không tìm thấy tiệm có mã "${code}". Nhắn THAMGIA và mã trên áp phích hoặc đường dẫn của tiệm.`,
  whichBusiness: 'Để vào danh sách chờ, nhắn THAMGIA và mã trên áp phích hoặc đường dẫn của tiệm.',
};

export default textJoinWords;
