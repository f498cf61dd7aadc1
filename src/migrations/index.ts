// Every migration, in order. Explicit imports rather than a glob, so sources (tests) and dist/ load the same list.
import { CreateSiteSetting1795313121374 } from './1795313121374-CreateSiteSetting.js';
import { CreateRateLimit1795314178930 } from './1795314178930-CreateRateLimit.js';
import { CreateAccounts1795314625372 } from './1795314625372-CreateAccounts.js';
import { CreateBilling1795315153997 } from './1795315153997-CreateBilling.js';
import { CreateUpload1795315212052 } from './1795315212052-CreateUpload.js';
import { CreateRngFile1795315499065 } from './1795315499065-CreateRngFile.js';
import { CreateDraws1795315593782 } from './1795315593782-CreateDraws.js';
import { AddDrawDrafts1795316039701 } from './1795316039701-AddDrawDrafts.js';
import { AddScrutineerAndLookup1795316183420 } from './1795316183420-AddScrutineerAndLookup.js';
import { CreateHelpContactAndReview1795323341051 } from './1795323341051-CreateHelpContactAndReview.js';
import { CreateAdmin1795323403074 } from './1795323403074-CreateAdmin.js';
import { CreatePublicationAndEntryCheck1795323443618 } from './1795323443618-CreatePublicationAndEntryCheck.js';
import { CreateBranding1795323510090 } from './1795323510090-CreateBranding.js';
import { DrawWinnerCascadeTrigger1795323891294 } from './1795323891294-DrawWinnerCascadeTrigger.js';
import { AddDrawListIndex1795324669701 } from './1795324669701-AddDrawListIndex.js';
import { AddDrawOwnerCount1795328610263 } from './1795328610263-AddDrawOwnerCount.js';
import { DrawWinnerColumnsJson1795472318722 } from './1795472318722-DrawWinnerColumnsJson.js';
import { AddDrawSubmissionKey1795523014881 } from './1795523014881-AddDrawSubmissionKey.js';
import { AddDrawBeacon1795682365143 } from './1795682365143-AddDrawBeacon.js';
import { AddPaymentPaidFor1795684359842 } from './1795684359842-AddPaymentPaidFor.js';
import { AddDrawFileNameIndex1795684359843 } from './1795684359843-AddDrawFileNameIndex.js';
import { PurgeDeliveredMailBodies1795685007740 } from './1795685007740-PurgeDeliveredMailBodies.js';
import { AddCreditPackGrantKey1795686102053 } from './1795686102053-AddCreditPackGrantKey.js';
import { AddDrawPublicVersion1795693860287 } from './1795693860287-AddDrawPublicVersion.js';
import { CreateDrawLog1795693947305 } from './1795693947305-CreateDrawLog.js';
import { AddDrawEntrantAndTicketCounts1795694025876 } from './1795694025876-AddDrawEntrantAndTicketCounts.js';
import { NotifyDrawPublicVersion1795704892014 } from './1795704892014-NotifyDrawPublicVersion.js';
import { RateLimitUnlogged1795738051540 } from './1795738051540-RateLimitUnlogged.js';
import { AddUploadClaimedAt1795785152686 } from './1795785152686-AddUploadClaimedAt.js';
import { AddScrutineerNamedAt1795804106334 } from './1795804106334-AddScrutineerNamedAt.js';
import { RevokeKeysWithoutApiAccess1795812161926 } from './1795812161926-RevokeKeysWithoutApiAccess.js';
import { AddBrandingImageKeys1795812201945 } from './1795812201945-AddBrandingImageKeys.js';

export const migrations = [
  CreateSiteSetting1795313121374,
  CreateRateLimit1795314178930,
  CreateAccounts1795314625372,
  CreateBilling1795315153997,
  CreateUpload1795315212052,
  CreateRngFile1795315499065,
  CreateDraws1795315593782,
  AddDrawDrafts1795316039701,
  AddScrutineerAndLookup1795316183420,
  CreateHelpContactAndReview1795323341051,
  CreateAdmin1795323403074,
  CreatePublicationAndEntryCheck1795323443618,
  CreateBranding1795323510090,
  DrawWinnerCascadeTrigger1795323891294,
  AddDrawListIndex1795324669701,
  AddDrawOwnerCount1795328610263,
  DrawWinnerColumnsJson1795472318722,
  AddDrawSubmissionKey1795523014881,
  AddDrawBeacon1795682365143,
  AddPaymentPaidFor1795684359842,
  AddDrawFileNameIndex1795684359843,
  PurgeDeliveredMailBodies1795685007740,
  AddCreditPackGrantKey1795686102053,
  AddDrawPublicVersion1795693860287,
  CreateDrawLog1795693947305,
  AddDrawEntrantAndTicketCounts1795694025876,
  NotifyDrawPublicVersion1795704892014,
  RateLimitUnlogged1795738051540,
  AddUploadClaimedAt1795785152686,
  AddScrutineerNamedAt1795804106334,
  RevokeKeysWithoutApiAccess1795812161926,
  AddBrandingImageKeys1795812201945,
];
