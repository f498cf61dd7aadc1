import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { Transform } from 'class-transformer';
import { IsEmail, IsIn, IsOptional, IsString, Matches, MaxLength, MinLength } from 'class-validator';
import { HELP_TOPICS, type HelpContact, type HelpTopic } from '../../domain/help-contact.js';

const trim = ({ value }: { value: unknown }) => (typeof value === 'string' ? value.trim() : value);
const blankToUndefined = ({ value }: { value: unknown }) => (typeof value === 'string' ? value.trim() || undefined : value);

const CONTACT_MESSAGES = {
  name: 'Please enter your name.',
  email: 'Please enter a valid email address.',
  topic: 'Please choose what your message is about.',
  message: 'Please enter your message (at least 10 characters).',
  drawId: 'A draw id is the 12 hexadecimal digits shown on the draw page.',
  phone: 'Please enter a valid phone number.',
  nameOneLine: 'Please enter your name on one line.',
  organisationOneLine: 'Please enter your organisation on one line.',
} as const;

/**
 * No line break (CR, LF, VT, FF, NEL, LS, PS): each of these fields is one line of support's mail, where a break would
 * let the sender forge the lines after it ('Signed in as user …', 'Topic: …').
 */
const ONE_LINE = /^[^\r\n\v\f\u0085\u2028\u2029]*$/;

export class CreateHelpContactRequestDto {
  @ApiProperty({ maxLength: 100 })
  @Transform(trim)
  @Matches(ONE_LINE, { message: CONTACT_MESSAGES.nameOneLine })
  // class-validator checks the bottom decorator first: presence before length (a missing name was told it was too long).
  @MaxLength(100)
  @MinLength(1, { message: CONTACT_MESSAGES.name })
  @IsString({ message: CONTACT_MESSAGES.name })
  name: string;
  @ApiProperty({ maxLength: 254 })
  @Transform(trim)
  @Matches(ONE_LINE, { message: CONTACT_MESSAGES.email })
  @MaxLength(254, { message: CONTACT_MESSAGES.email })
  @IsEmail({}, { message: CONTACT_MESSAGES.email })
  email: string;
  @ApiPropertyOptional({ maxLength: 200 })
  @Transform(blankToUndefined)
  @IsOptional()
  @Matches(ONE_LINE, { message: CONTACT_MESSAGES.organisationOneLine })
  @IsString()
  @MaxLength(200)
  organisation?: string;
  @ApiPropertyOptional({ maxLength: 40 }) @Transform(blankToUndefined) @IsOptional() @Matches(/^\+?[0-9 ()-]{6,40}$/, { message: CONTACT_MESSAGES.phone }) phone?: string;
  @ApiProperty({ enum: HELP_TOPICS }) @IsIn(HELP_TOPICS, { message: CONTACT_MESSAGES.topic }) topic: HelpTopic;
  @ApiPropertyOptional({ description: "The draw's 12-digit display id, when the message is about one." })
  @Transform(blankToUndefined)
  @IsOptional()
  @Matches(/^[0-9a-fA-F]{12}$/, { message: CONTACT_MESSAGES.drawId })
  drawId?: string;
  @ApiProperty({ minLength: 10, maxLength: 5000 })
  @Transform(trim)
  @MaxLength(5000)
  @MinLength(10, { message: CONTACT_MESSAGES.message })
  @IsString({ message: CONTACT_MESSAGES.message })
  message: string;
  @ApiPropertyOptional({ enum: ['us', 'au', 'ca', 'nz', 'uk'] }) @IsOptional() @IsIn(['us', 'au', 'ca', 'nz', 'uk']) country?: string;
  @ApiPropertyOptional({ description: 'The human check token (reCAPTCHA response).' }) @IsOptional() @IsString() @MaxLength(4000) recaptchaResponse?: string;
}

export class CreateHelpContactResponseDto {
  @ApiProperty({ example: 'FD-3A4B5C6D', description: 'The reference the customer can quote.' }) reference: string;
  @ApiProperty() message: string;

  static from(contact: HelpContact): CreateHelpContactResponseDto {
    const dto = new CreateHelpContactResponseDto();
    dto.reference = contact.reference;
    dto.message = `Thank you. Your message has reference ${contact.reference}; we will reply to ${contact.email} within one business day.`;
    return dto;
  }
}
