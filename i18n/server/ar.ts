import type { Catalogue, Shape } from '../index';
import common from '../common/ar';
import orderTexts from '../orders/ar';
import storefront from '../storefront/ar';
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
  statuses: orderTexts.status,
  paid_header: 'تم دفع الطلب رقم {id}',
  paid_desc: 'دفع بالبطاقة عبر الموقع: {sum} ₽',
  question_header: 'سؤال حول الطلب رقم {id}',
  sms_login: 'رمز الدخول إلى {shop}: {code}',
  sms_login_plain: 'رمز الدخول: {code}',
  no_shop_title: 'لا يوجد متجر هنا',
  no_shop_text: 'لا يوجد متجر مفتوح على هذا العنوان. تحقق من العنوان؛ وإن كان متجرك فأثبت النطاق في الإعدادات.',
  signin_guessed_header: 'شخص ما يخمن رمز دخولك',
  signin_guessed_desc: '{count} رموز خاطئة لهاتفك خلال يوم؛ بعد {budget} يتوقف الدخول ليوم',
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
    receiving: orderTexts.receiving,
  },
  // The page titles are the storefront's own texts: a hydrated page and the app's later pages title themselves
  // alike (storefront/features/seo/pageTitle.ts).
  seo: {
    not_found: common.common.page_not_found,
    to_main: 'إلى الصفحة الرئيسية',
    in_stock: 'متوفر',
    out_of_stock: 'غير متوفر',
    catalogue: storefront.catalog.catalog,
    search: storefront.search.title,
    info: {
      about_company: storefront.menu.about_company,
      delivery: storefront.menu.delivery,
      payment: storefront.menu.payment,
      contacts: storefront.menu.contacts,
    },
  },
  // Default texts of the notifications (server/features/notifications): the first line is the e-mail subject.
  notifications: {
    signin_guessed: 'شخص ما يحاول تخمين رمز الدخول لهاتفك\nأُدخل {count} رموز خاطئة لهاتفك بصفتك مالك «{shop}» خلال يوم. بعد {budget} رموز خاطئة يتوقف الدخول بهذا الهاتف ليوم. إن لم تكن أنت، فلا تشارك رموز الرسائل القصيرة مع أحد.',
    new_order: "طلب جديد رقم {order} بقيمة {total}\n{name}، {phone}\n{receiving}: {address}\n{lines}\nالدفع: {payment}\nتعليق: {comment}",
    order_confirmation: "تم استلام الطلب رقم {order}\nمرحبًا {name}، تم استلام طلبك في {shop}.\n{lines}\nالإجمالي: {total}\n{receiving}: {address}",
    order_status: "الطلب رقم {order}: {status}\nحالة طلبك في {shop}: {status}.",
    question: "سؤال عن الطلب رقم {order}\n{name}، {contact}\n{text}",
    import_failed: "فشل استيراد YML\nالمتجر {shop}: {error}",
    low_stock: "المخزون ينفد: {product}\nتبقى {count}.",
    delivery: orderTexts.receiving.delivery,
    pickup: orderTexts.receiving.pickup,
    none: "—",
    status: orderTexts.status,
  },
} satisfies Catalogue & Shape<typeof ru>;
