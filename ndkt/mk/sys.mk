# ndkt.sys, the Windows kernel driver (ndkt/windows/, the core, and the
# platform layer win_kernel.c), cross-built by mingw-w64 into a PE32+
# native image. Compiled here, never run: see ndkt/README.md, "The Windows
# driver". Included by the top Makefile (make ndkt-sys runs
# ndkt/test/sys.sh, which builds it through this file and checks the
# image), or alone from the repository's root:
#   make -f ndkt/mk/sys.mk out/ndkt/ndkt.sys
#
# The link: no C runtime (-nostdlib: memcpy, memset and memcmp come from
# ntoskrnl.exe's exports), a DLL-shaped image (-shared: relocatable, with a
# base relocation table) with the native subsystem (1) and DriverEntry as
# its entry (x86_64 has one calling convention: the symbol is undecorated),
# against mingw-w64's import libraries of the three kernel modules the
# driver calls: ntoskrnl.exe, HAL.dll and NETIO.SYS (WSK and the IP
# Helper; libnetio.a). A fixed preferred base (the loader relocates it
# anyway) keeps the image the same from any output path; no symbol is
# exported.
#
# NDKT_SYS_SUBSYSTEM, NDKT_SYS_ENTRY, NDKT_SYS_EXTRA_SRC and
# NDKT_SYS_EXTRA_LINK exist so that ndkt/test/sys.sh's checks can be shown
# to fail (ndkt/README.md, "The Windows driver").

NDKT_MINGW          ?= x86_64-w64-mingw32-gcc
NDKT_MINGW_DDK      ?= /usr/share/mingw-w64/include/ddk
NDKT_OUT            ?= out/ndkt
NDKT_CORE_WIN_SRC   ?= $(wildcard ndkt/core/*.c)
NDKT_SYS_SUBSYSTEM  ?= native
NDKT_SYS_ENTRY      ?= DriverEntry
NDKT_SYS_EXTRA_SRC  ?=
NDKT_SYS_EXTRA_LINK ?=

NDKT_SYS_SRC    := $(NDKT_CORE_WIN_SRC) ndkt/platform/win_kernel.c $(wildcard ndkt/windows/*.c) $(NDKT_SYS_EXTRA_SRC)
NDKT_SYS_HDR    := $(wildcard ndkt/core/*.h) $(wildcard ndkt/include/*.h) $(wildcard ndkt/windows/*.h)
NDKT_SYS_CFLAGS := -std=c11 -Wall -Wextra -Werror -pedantic -O2 -DNDKT_WINDOWS -DNDKT_HAVE_WDK_TYPES \
	-I$(NDKT_MINGW_DDK) -Indkt/include
NDKT_SYS_LDFLAGS := -nostdlib -shared -Wl,--subsystem,$(NDKT_SYS_SUBSYSTEM) -Wl,--entry,$(NDKT_SYS_ENTRY) \
	-Wl,--image-base,0x140000000 -Wl,--dynamicbase -Wl,--nxcompat -Wl,--exclude-all-symbols
NDKT_SYS_LIBS   := -lntoskrnl -lhal -lnetio $(NDKT_SYS_EXTRA_LINK)

$(NDKT_OUT)/ndkt.sys: $(NDKT_SYS_SRC) $(NDKT_SYS_HDR) ndkt/mk/sys.mk
	@mkdir -p $(@D)
	$(NDKT_MINGW) $(NDKT_SYS_CFLAGS) -o $@ $(NDKT_SYS_SRC) $(NDKT_SYS_LDFLAGS) $(NDKT_SYS_LIBS)
