import type { Catalogue, Shape } from '../index';
import type ru from './ru';

/** Texts the server itself sends, in Arabic; the same keys as ru.ts. */
export default {
  new_order_header: 'طلب جديد رقم {id}',
  new_order_desc: '{name}، {sum} ₽، {receiving}',
  no_name: 'بدون اسم',
  receiving_pickup: 'استلام ذاتي',
  receiving_delivery: 'توصيل',
  order_header: 'الطلب رقم {id}',
  status_desc: 'حالة الطلب: {status}',
  paid_header: 'تم دفع الطلب رقم {id}',
  paid_desc: 'دفع بالبطاقة عبر الموقع: {sum} ₽',
  question_header: 'سؤال حول الطلب رقم {id}',
  sms_login: 'رمز الدخول إلى {shop}: {code}',
  payment_description: 'الطلب رقم {id}',
  export: {
    headers: {
      id: 'رقم',
      date: 'التاريخ',
      created: 'تاريخ الإنشاء',
      status: 'الحالة',
      payment: 'الدفع',
      payment_status: 'حالة الدفع',
      receiving: 'الاستلام',
      place: 'النقطة',
      client: 'العميل',
      phone: 'الهاتف',
      email: 'البريد الإلكتروني',
      address: 'العنوان',
      products: 'المنتجات',
      goods: 'مبلغ المنتجات',
      discount: 'الخصم',
      promo: 'رمز الترويج',
      delivery: 'التوصيل',
      total: 'الإجمالي',
    },
    house: 'مبنى {value}',
    entrance: 'مدخل {value}',
    appart: 'شقة {value}',
  },
  seo: {
    to_main: 'إلى الصفحة الرئيسية',
    in_stock: 'متوفر',
    out_of_stock: 'غير متوفر',
  },
  // Default texts of the notifications (server/features/notifications): the first line is the e-mail subject.
  notifications: {
    new_order: "طلب جديد رقم {order} بقيمة {total}\n{name}، {phone}\n{receiving}: {address}\n{lines}\nالدفع: {payment}\nتعليق: {comment}",
    order_confirmation: "تم استلام الطلب رقم {order}\nمرحبًا {name}، تم استلام طلبك في {shop}.\n{lines}\nالإجمالي: {total}\n{receiving}: {address}",
    order_status: "الطلب رقم {order}: {status}\nحالة طلبك في {shop}: {status}.",
    question: "سؤال عن الطلب رقم {order}\n{name}، {contact}\n{text}",
    import_failed: "فشل استيراد YML\nالمتجر {shop}: {error}",
    low_stock: "المخزون ينفد: {product}\nتبقى {count}.",
    none: "—",
  },
} satisfies Catalogue & Shape<typeof ru>;
