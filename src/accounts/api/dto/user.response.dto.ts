import { ApiProperty } from '@nestjs/swagger';
import type { User } from '../../domain/user.js';
import { AddressDto } from './address.dto.js';

/** The User of part 1 §3. For a visitor every personal field is null ("with email when logged in"). */
export class UserResponseDto {
  @ApiProperty({ nullable: true, type: String }) email: string | null;
  @ApiProperty({ nullable: true, type: String }) firstName: string | null;
  @ApiProperty({ nullable: true, type: String }) lastName: string | null;
  @ApiProperty() optedIntoCommunication: boolean;
  @ApiProperty({ description: 'Unused draw credits (billing fills them).' }) remainingCredits: number;
  @ApiProperty() apiEnabled: boolean;
  @ApiProperty() isAdmin: boolean;
  @ApiProperty() emailConfirmed: boolean;
  @ApiProperty() isAgent: boolean;
  @ApiProperty({ nullable: true, type: String }) agentOrganisation: string | null;
  @ApiProperty({ type: AddressDto, nullable: true }) address: AddressDto | null;

  static from(user: User | undefined, remainingCredits = 0): UserResponseDto {
    const dto = new UserResponseDto();
    dto.email = user?.email ?? null;
    dto.firstName = user?.firstName ?? null;
    dto.lastName = user?.lastName ?? null;
    dto.optedIntoCommunication = user?.optedIntoCommunication ?? false;
    dto.remainingCredits = user ? remainingCredits : 0;
    dto.apiEnabled = user?.apiEnabled ?? false;
    dto.isAdmin = user?.role === 'admin';
    dto.emailConfirmed = user?.emailConfirmedAt != null;
    dto.isAgent = user?.isAgent ?? false;
    dto.agentOrganisation = user?.agentOrganisation ?? null;
    dto.address = user ? AddressDto.from(user.address) : null;
    return dto;
  }
}

export class AuthenticatedResponseDto {
  @ApiProperty({ type: UserResponseDto }) user: UserResponseDto;
  @ApiProperty({ description: 'The server version; the client hard-reloads when it differs.' }) version: string;
}

export class LoginOrRegisterResponseDto {
  @ApiProperty({ type: UserResponseDto }) user: UserResponseDto;
  @ApiProperty({ description: 'True when a new account was created.' }) registered: boolean;
}

export class CheckEmailResponseDto {
  @ApiProperty() exists: boolean;
}
